/** X's post weighting lives in the contracts, so the browser counts posts exactly as the server checks them. */
export { X_MAX_WEIGHT, X_URL_WEIGHT, xWeightedLength } from '@voxpress/contracts';
