import MiniSearch from 'minisearch';
import type { CatalogEntry } from '../service/CatalogEntry.js';
import { englishStem } from './englishStem.js';
import { searchTerms } from './searchTerms.js';
import { textVector } from './textVector.js';
import { toSearchDocument, type SearchDocument } from './toSearchDocument.js';

/** A ranked field of a {@link SearchDocument}. */
export type SearchField = Exclude<keyof SearchDocument, 'id'>;

/** Query words at least this long also match index terms they begin (`remind` finds `reminder`). */
const PREFIX_MIN_CHARS = 4;
/**
 * BM25 as MiniSearch computes it, without BM25+'s bonus per matching field (`d` 0, not MiniSearch's 0.5): with ten
 * fields, the bonus favoured tools with long schemas and examples over tools that match the request (measured on the
 * tuning sets: recall@5 0.674 → 0.717 on verbose requests, 0.990 → 1.000 on spoken ones).
 */
const BM25_PARAMS = { k: 1.2, b: 0.7, d: 0 };
/** How much each field's words count in a tool's meaning vector. */
const VECTOR_FIELD_WEIGHTS: Partial<Record<SearchField, number>> = { name: 2, summary: 1.5, tags: 1, description: 1, utterances: 1, args: 0.3 };

/** Example requests per entry (from the toolboxes' `locale/<lang>/<tool>.intent` files), or none. */
export type UtterancesOf = (entry: CatalogEntry) => readonly string[] | undefined;

/** One built index: searches read a snapshot and never see a half-built one. */
export interface Snapshot {
  /** The MiniSearch index of the entries' documents (document id = position in `entries`). */
  readonly mini: MiniSearch<SearchDocument>;
  /** The catalog entries indexed, in catalog order. */
  readonly entries: readonly CatalogEntry[];
  /**
   * The meaning vector of the entry at `id` (`undefined`: no word of it is in the word-vector table, or no table),
   * computed on first use and kept per descriptor: the table is read by the first search, not by the first build.
   */
  vectorOf(id: number): Float32Array | undefined;
  /** Tag → positions of the entries carrying it. */
  readonly byTag: ReadonlyMap<string, readonly number[]>;
  /** Field text → its index terms (folded, stemmed), for every text of this catalog: the next rebuild reuses what did not change. */
  readonly terms: ReadonlyMap<string, readonly string[]>;
  /** Whether searches add the meaning (vector) score. */
  readonly semantic: boolean;
  /** The example requests indexed per entry (`UtterancesOf`'s answer), by position: what a search model reads too. */
  readonly utterances: ReadonlyArray<readonly string[]>;
}

/** What a built document keeps per descriptor object, so an unchanged toolbox costs nothing on a reload. */
interface Cached {
  doc: SearchDocument;
  /** Its meaning vector, `null` until a search first needs it (shared by the copies made for other positions). */
  meaning: { vector: Float32Array | undefined | null };
  utterances: readonly string[];
}

/**
 * Documents and vectors built before, per descriptor object: a host describes an unchanged toolbox with the same
 * descriptor objects on every reload. Descriptors are plain data that hosts never change in place.
 */
const built = new WeakMap<object, Cached>();

/** Entries indexed (or given their meaning vector) per step of {@link snapshotSteps}: one step is a few ms of the provider's thread. */
export const ENTRIES_PER_STEP = 32;

/**
 * Builds a complete index for `entries`: MiniSearch (BM25) over the fields, every word folded and Snowball-stemmed,
 * and a meaning vector per entry (computed when a search first needs it). Field texts seen by the previous build (`previousTerms`) are not split again.
 */
export function buildSnapshot(
  entries: readonly CatalogEntry[],
  boosts: Readonly<Record<SearchField, number>>,
  previousTerms: ReadonlyMap<string, readonly string[]>,
  utterancesOf: UtterancesOf | undefined,
  semantic: boolean,
): Snapshot {
  const steps = snapshotSteps(entries, boosts, previousTerms, utterancesOf, semantic, false);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * {@link buildSnapshot} in steps: each `next()` indexes at most {@link ENTRIES_PER_STEP} entries (then, with
 * `vectors`, computes the meaning vectors of as many), and the last one returns the snapshot. Whoever drives it may
 * yield the event loop between steps (a background build, `ToolSearchIndex.rebuildInBackground`) or not.
 * `vectors`: compute every entry's meaning vector now (reading the word-vector table) instead of at the first search.
 */
export function* snapshotSteps(
  entries: readonly CatalogEntry[],
  boosts: Readonly<Record<SearchField, number>>,
  previousTerms: ReadonlyMap<string, readonly string[]>,
  utterancesOf: UtterancesOf | undefined,
  semantic: boolean,
  vectors: boolean,
): Generator<void, Snapshot, void> {
  const terms = new Map<string, readonly string[]>();
  const mini = newMiniSearch(boosts, (text: string): string[] => {
    let list = terms.get(text) ?? previousTerms.get(text);
    if (list === undefined) list = searchTerms(text).map(englishStem);
    terms.set(text, list);
    return list as string[];
  });
  const built: Cached[] = [];
  for (let i = 0; i < entries.length; i++) {
    built.push(cachedOf(entries[i]!, i, utterancesOf));
    mini.add(built[i]!.doc);
    if ((i + 1) % ENTRIES_PER_STEP === 0 && i + 1 < entries.length) yield;
  }
  const vectorOf = (id: number): Float32Array | undefined => {
    const c = built[id];
    if (!c) return undefined;
    if (c.meaning.vector === null) c.meaning.vector = meaningOf(c.doc);
    return c.meaning.vector;
  };
  for (let i = 0; semantic && vectors && i < built.length; i++) {
    if (i % ENTRIES_PER_STEP === 0) yield;
    vectorOf(i);
  }
  return { mini, entries, vectorOf, byTag: tagIndex(entries), terms, semantic, utterances: built.map((c) => c.utterances) };
}

/** An empty MiniSearch index ranking with `boosts`, every field but the word pairs split by `termsOf`. */
function newMiniSearch(boosts: Readonly<Record<SearchField, number>>, termsOf: (text: string) => string[]): MiniSearch<SearchDocument> {
  return new MiniSearch<SearchDocument>({
    fields: Object.keys(boosts),
    storeFields: [],
    // texts are split, folded and stemmed once per distinct text (reused by the next rebuild); word pairs are kept as they are
    tokenize: (text, field) => (field === 'phrases' ? text.split(' ').filter(Boolean) : termsOf(text)),
    processTerm: (term) => term,
    searchOptions: {
      boost: { ...boosts },
      combineWith: 'OR',
      prefix: (term) => term.length >= PREFIX_MIN_CHARS && !term.includes('_'),
      // fuzzy matching is decided per query term at search time (`rankSnapshot`), at most 2 edits
      maxFuzzy: 2,
      bm25: BM25_PARAMS,
    },
  });
}

/** Tag → positions of the entries carrying it. */
function tagIndex(entries: readonly CatalogEntry[]): Map<string, number[]> {
  const byTag = new Map<string, number[]>();
  entries.forEach((entry, i) => {
    for (const tag of new Set(entry.tool.tags ?? [])) {
      if (typeof tag !== 'string') continue;
      const list = byTag.get(tag);
      if (list) list.push(i);
      else byTag.set(tag, [i]);
    }
  });
  return byTag;
}

function cachedOf(entry: CatalogEntry, id: number, utterancesOf: UtterancesOf | undefined): Cached {
  const tool = entry.tool;
  const key = tool !== null && typeof tool === 'object' ? tool : undefined;
  const utterances = safeUtterances(utterancesOf, entry);
  const cached = key ? built.get(key) : undefined;
  if (cached && cached.doc.toolbox === entry.toolboxId && sameLines(cached.utterances, utterances)) {
    return cached.doc.id === id ? cached : { ...cached, doc: { ...cached.doc, id } };
  }
  const fresh: Cached = { doc: toSearchDocument(entry, id, utterances), meaning: { vector: null }, utterances };
  if (key) built.set(key, fresh);
  return fresh;
}

/** The meaning vector of a document: its words, weighted per field ({@link VECTOR_FIELD_WEIGHTS}). */
function meaningOf(doc: SearchDocument): Float32Array | undefined {
  const words = new Map<string, number>();
  for (const [field, weight] of Object.entries(VECTOR_FIELD_WEIGHTS) as Array<[SearchField, number]>) {
    for (const w of new Set(searchTerms(doc[field]))) words.set(w, Math.max(words.get(w) ?? 0, weight));
  }
  return textVector(words);
}

function safeUtterances(utterancesOf: UtterancesOf | undefined, entry: CatalogEntry): readonly string[] {
  if (!utterancesOf) return [];
  try {
    const lines = utterancesOf(entry);
    return Array.isArray(lines) ? lines : [];
  } catch {
    return [];
  }
}

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  return a === b || (a.length === b.length && a.every((line, i) => line === b[i]));
}
