// No zod here: the browser imports these at run time.

/** The newest episodes a feed lists at most (older ones are left out). */
export const FEED_EPISODES_MAX = 200;
/** Episodes one request may import. */
export const IMPORT_EPISODES_MAX = 20;
