/** How deep the cut walks into nested objects and arrays; deeper containers are kept whole or emptied (`{}`, `[]`). */
export const MAX_CUT_DEPTH = 64;
/** Appended to a shortened string, so a reader sees where it was cut. */
export const CUT_MARK = '…';
