import { SEARCH_RANKER_BRAND, SEARCH_RANKER_CONTRACT_VERSION, type SearchRanker, type SearchRankerLoadOptions, type TextEmbedder } from '@ovos-tools/core';

/**
 * The Universal Sentence Encoder (lite, English; Google, Apache-2.0) as an ovos-tools search ranker: 512-dimensional
 * unit vectors, run by TensorFlow.js on its wasm backend (default) or its CPU backend (`{ backend: 'cpu' }`).
 * TensorFlow.js is imported by {@link SearchRanker.load}, not by importing this module: the provider imports it in
 * its search worker only. Declared in package.json as the entry point `ovos-search-semantic` of the group
 * `ovos-tools.search-rankers`.
 */
export const searchRanker: SearchRanker = {
  [SEARCH_RANKER_BRAND]: SEARCH_RANKER_CONTRACT_VERSION,
  modelId: 'use-lite-en@energetic-ai-0.2.0',
  dimensions: 512,
  languages: ['en'],
  async load(options: SearchRankerLoadOptions = {}): Promise<TextEmbedder> {
    const backend = options.backend ?? 'wasm';
    if (backend !== 'cpu' && backend !== 'wasm') throw new Error(`backend '${backend}' is not offered: use 'cpu' or 'wasm'`);
    const { loadUseModel } = await import('./useModel.js');
    return loadUseModel(backend);
  },
};
