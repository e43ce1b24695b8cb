// Two baseline rankers over the same catalog, with the `search(query, {limit})` answer shape of ToolSearchIndex, so
// the relevance module scores them alike:
// - plainMiniSearch: MiniSearch with its defaults over the tool name and description (what a first try looks like);
// - textbookBm25: Okapi BM25 (k1 1.2, b 0.75) over name and description, English stop words (the `stopword`
//   package's list), Snowball English stemming, name and description scored as separate fields, the name counted 2x.
import MiniSearch from 'minisearch';
import snowball from 'snowball-stemmers';
import { eng } from 'stopword';

const found = (entries, ids, limit) => ({ ok: true, results: ids.slice(0, limit).map((i) => ({ entry: entries[i], score: 0 })), total: ids.length });

/** MiniSearch, default options, fields `name` and `description`. */
export function plainMiniSearch(entries) {
  const mini = new MiniSearch({ fields: ['name', 'description'] });
  mini.addAll(entries.map((e, id) => ({ id, name: e.tool.name, description: e.tool.description })));
  return { search: (q, { limit = 5 } = {}) => found(entries, mini.search(q).map((r) => r.id), limit) };
}

const stop = new Set(eng);
const stemmer = snowball.newStemmer('english');
/** Lower case, split on anything not a letter or digit (camelCase split first), stop words out, Snowball stems. */
const analyse = (text) =>
  text.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w && !stop.has(w)).map((w) => stemmer.stem(w));

/** Textbook BM25 with per-field scores: 2 × BM25(name) + BM25(description). */
export function textbookBm25(entries, { k1 = 1.2, b = 0.75, nameBoost = 2 } = {}) {
  const fields = ['name', 'description'].map((field) => {
    const docs = entries.map((e) => analyse(e.tool[field] ?? ''));
    const avg = docs.reduce((s, d) => s + d.length, 0) / docs.length;
    const df = new Map();
    const tfs = docs.map((d) => {
      const tf = new Map();
      for (const t of d) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const t of tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
      return tf;
    });
    return { docs, avg, df, tfs, weight: field === 'name' ? nameBoost : 1 };
  });
  const n = entries.length;
  return {
    search(q, { limit = 5 } = {}) {
      const scores = new Map();
      for (const t of new Set(analyse(q))) {
        for (const f of fields) {
          const df = f.df.get(t);
          if (!df) continue;
          const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
          f.tfs.forEach((tf, i) => {
            const x = tf.get(t);
            if (x) scores.set(i, (scores.get(i) ?? 0) + f.weight * idf * ((x * (k1 + 1)) / (x + k1 * (1 - b + (b * f.docs[i].length) / f.avg))));
          });
        }
      }
      return found(entries, [...scores].sort((a, b2) => b2[1] - a[1]).map(([i]) => i), limit);
    },
  };
}
