import { ENHANCE_CONTENT_TYPES } from '@voxpress/contracts';

export const BUILT_IN_TYPES = ENHANCE_CONTENT_TYPES;
