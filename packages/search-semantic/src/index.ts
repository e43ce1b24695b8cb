export { searchRanker } from './searchRanker.js';
export { PieceTokenizer } from './pieceTokenizer.js';
export { loadUseModel, MAX_EMBED_CHARS, weightsDir } from './useModel.js';
export type { UseBackend } from './useModel.js';
