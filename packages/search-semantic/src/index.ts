export { searchRanker } from './searchRanker.js';
export { loadMiniLmModel, MAX_EMBED_CHARS, MAX_TOKENS, modelDir } from './miniLmModel.js';
export type { ModelBackend } from './miniLmModel.js';
export { halfsToFloats, openHalfSafetensors, readHalfSafetensors } from './safetensors.js';
export type { HalfSafetensorsFile, HalfTensor } from './safetensors.js';
