import MiniSearch from 'minisearch';
import type { WireError } from '@ovos-tools/core';
import type { CatalogEntry } from '../service/ToolService.js';
import { searchErrors } from './searchErrors.js';
import { foldTerm, searchTerms, splitWords } from './searchTerms.js';
import { toSearchDocument, type SearchDocument } from './toSearchDocument.js';
import { VOICE_LEXICON } from './voiceLexicon.js';

/** A ranked field of a {@link SearchDocument}. */
export type SearchField = Exclude<keyof SearchDocument, 'id'>;

/** The fields of a {@link SearchDocument} that are ranked, and how much a match in each counts (BM25 score multipliers). */
export const SEARCH_FIELD_BOOSTS: Readonly<Record<SearchField, number>> = Object.freeze({
  name: 2,
  tags: 1.5,
  summary: 1.5,
  description: 1,
  args: 0.75,
  examples: 0.75,
  toolbox: 0.5,
});

/** Results per search when `limit` is not given (the OVOS `ovos.tools.search` default). */
export const DEFAULT_SEARCH_LIMIT = 5;
/** The largest `limit` a search accepts. */
export const MAX_SEARCH_LIMIT = 100;
/** The longest query accepted, in characters (UTF-16 code units). */
export const MAX_QUERY_CHARS = 1000;
/** The most distinct words (after stop words are dropped) a query may have. */
export const MAX_QUERY_TERMS = 32;
/** The most tags one search may require. */
export const MAX_SEARCH_TAGS = 16;

/** Query words at least this long also match index terms they begin (`remind` finds `reminder`). */
const PREFIX_MIN_CHARS = 4;
/** Query words at least this long also match index terms within an edit distance of 20% of their length (at most 2). */
const FUZZY_MIN_CHARS = 5;

/** How much a word added by the lexicon counts, relative to a word of the query itself. */
export const LEXICON_TERM_WEIGHT = 0.6;

/** How a {@link ToolSearchIndex} ranks. */
export interface ToolSearchIndexOptions {
  /** Per-field boosts replacing those of {@link SEARCH_FIELD_BOOSTS} (a field missing here keeps its default). */
  boosts?: Partial<Record<SearchField, number>>;
  /**
   * Query expansion: a folded query word → English search terms added to the query at {@link LEXICON_TERM_WEIGHT}
   * (`temporizador` → `timer`). Default {@link VOICE_LEXICON} (Portuguese, Spanish, German, French, Italian and Dutch
   * words for what people ask a voice assistant); `null` searches the query's own words only.
   */
  lexicon?: ReadonlyMap<string, readonly string[]> | null;
}

/** What {@link ToolSearchIndex.search} accepts beside the query. Values usually come from the wire, so all are checked at run time. */
export interface SearchOptions {
  /** The most results to return: an integer from 1 to {@link MAX_SEARCH_LIMIT}; default {@link DEFAULT_SEARCH_LIMIT}. */
  limit?: number;
  /** Keep only tools carrying every one of these tags (AND, exact match, as `ToolService.list`); at most {@link MAX_SEARCH_TAGS}. */
  tags?: readonly string[];
  /**
   * Keep only entries this returns `true` for: how the service keeps only the tools the caller may call. Applied
   * before the limit and before `total` is counted, and to the tag check (a tag only hidden tools carry is unknown
   * to this caller). A filter that throws counts as `false`.
   */
  filter?: (entry: CatalogEntry) => boolean;
}

/** One ranked result. */
export interface SearchHit {
  /** The catalog entry found. */
  entry: CatalogEntry;
  /** Its relevance: a BM25+ score summed over query words and fields (higher is better; only comparable within one search). */
  score: number;
}

/** What {@link ToolSearchIndex.search} answers: ranked results, or an error value for bad input. */
export type SearchOutcome =
  | {
      /** The query was searched. */
      ok: true;
      /** Best first, at most `limit`. */
      results: SearchHit[];
      /** How many entries matched (after `tags` and `filter`) before the limit was applied. */
      total: number;
    }
  | {
      /** The input was refused. */
      ok: false;
      /** What was wrong and how to fix it (code `invalid_request`). */
      error: WireError;
    };

/** What {@link ToolSearchIndex.rebuild} reports. */
export type RebuildOutcome =
  | {
      /** The new index is serving. */
      ok: true;
      /** Entries indexed. */
      tools: number;
      /** Time to build the new index, in ms. */
      durationMs: number;
    }
  | {
      /** Building failed; the previous index keeps serving. */
      ok: false;
      /** Why (code `internal`). */
      error: WireError;
    };

/** One built index: searches read a snapshot and never see a half-built one. */
interface Snapshot {
  readonly mini: MiniSearch<SearchDocument>;
  readonly entries: readonly CatalogEntry[];
  /** Tag → positions of the entries carrying it. */
  readonly byTag: ReadonlyMap<string, readonly number[]>;
  /** Field text → its search terms, for every text of this catalog: the next rebuild reuses what did not change. */
  readonly terms: ReadonlyMap<string, readonly string[]>;
}

/**
 * A full-text index over catalog entries (tool name and title, summary, description, tags, argument names and
 * descriptions, examples, toolbox id), ranked with MiniSearch's BM25+ with per-field boosts
 * ({@link SEARCH_FIELD_BOOSTS}), prefix and fuzzy matching. Text is split on punctuation and camelCase and folded
 * (lower case, no diacritics, multilingual stop words dropped), so `previsão do tempo`, `Wettervorhersage` or
 * `getWeather` are searchable as written.
 *
 * {@link rebuild} builds the new index beside the current one and swaps it in only when it is complete, so a search
 * during a reload answers from the old catalog, never from a partial one. Never throws: bad input and build failures
 * come back as error values.
 */
export class ToolSearchIndex {
  private current: Snapshot;
  private readonly boosts: Record<SearchField, number>;
  private readonly lexicon: ReadonlyMap<string, readonly string[]> | null;

  /**
   * @param entries - the catalog to index first (e.g. the current registry generation); empty by default.
   * @param options - field boosts and the query-expansion lexicon.
   */
  constructor(entries: readonly CatalogEntry[] = [], options: ToolSearchIndexOptions = {}) {
    this.boosts = { ...SEARCH_FIELD_BOOSTS, ...options.boosts };
    this.lexicon = options.lexicon === undefined ? VOICE_LEXICON : options.lexicon;
    this.current = buildSnapshot([], this.boosts, new Map());
    this.rebuild(entries);
  }

  /** How many entries the serving index holds. */
  get size(): number {
    return this.current.entries.length;
  }

  /**
   * Indexes `entries` (colliding tool names once per toolbox, as `ToolService.list` gives them) in a new index and
   * swaps it in atomically. On failure the previous index keeps serving and the outcome says why.
   */
  rebuild(entries: readonly CatalogEntry[]): RebuildOutcome {
    const started = performance.now();
    try {
      const next = buildSnapshot([...entries], this.boosts, this.current.terms);
      this.current = next;
      return { ok: true, tools: next.entries.length, durationMs: Math.round((performance.now() - started) * 1000) / 1000 };
    } catch (err) {
      return { ok: false, error: { error: `RuntimeError: the search index could not be rebuilt; the previous one keeps serving: ${String(err)}`, code: 'internal' } };
    }
  }

  /**
   * Ranks the entries for a natural-language `query`, best first.
   * Refuses (as an error value, code `invalid_request`) a query that is not a string, is empty, is longer than
   * {@link MAX_QUERY_CHARS}, has no searchable word or more than {@link MAX_QUERY_TERMS}; a `limit` that is not an
   * integer from 1 to {@link MAX_SEARCH_LIMIT}; `tags` that are not a list of strings, more than
   * {@link MAX_SEARCH_TAGS}, or a tag no entry passing `filter` carries (the error lists the tags that exist).
   */
  search(query: string, options: SearchOptions = {}): SearchOutcome {
    const terms = queryTerms(query);
    if (!Array.isArray(terms)) return { ok: false, error: terms.error };
    const limit = options.limit ?? DEFAULT_SEARCH_LIMIT;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) {
      return { ok: false, error: searchErrors.limitOutOfRange(limit, MAX_SEARCH_LIMIT) };
    }
    const snap = this.current;
    const visible = safeFilter(options.filter);
    const tags = options.tags ?? [];
    const tagProblem = checkTags(tags, snap, visible);
    if (tagProblem) return { ok: false, error: tagProblem };

    const added = this.expand(terms);
    const found = snap.mini.search([...terms, ...added.keys()].join(' '), {
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term,
      boostTerm: (term) => added.get(term) ?? 1,
      filter: (result) => {
        const entry = snap.entries[result.id as number];
        return entry !== undefined && hasTags(entry, tags) && visible(entry);
      },
    });
    const results: SearchHit[] = [];
    for (const hit of found.slice(0, limit)) {
      results.push({ entry: snap.entries[hit.id as number]!, score: Math.round(hit.score * 1000) / 1000 });
    }
    return { ok: true, results, total: found.length };
  }

  /** The lexicon's English terms for the query's words, that the query does not already have, with their weight. */
  private expand(terms: readonly string[]): Map<string, number> {
    const added = new Map<string, number>();
    if (!this.lexicon) return added;
    for (const term of terms) {
      for (const extra of this.lexicon.get(term) ?? []) if (!terms.includes(extra)) added.set(extra, LEXICON_TERM_WEIGHT);
    }
    return added;
  }
}

/**
 * Builds a complete index for `entries`. Field texts seen by the previous build (`previousTerms`) are not split and
 * folded again: on a reload most toolboxes are unchanged, and tokenising is about half of the build time.
 */
function buildSnapshot(entries: readonly CatalogEntry[], boosts: Readonly<Record<SearchField, number>>, previousTerms: ReadonlyMap<string, readonly string[]>): Snapshot {
  const terms = new Map<string, readonly string[]>();
  const termsOf = (text: string): string[] => {
    let list = terms.get(text) ?? previousTerms.get(text);
    if (list === undefined) list = searchTerms(text);
    terms.set(text, list);
    return list as string[];
  };
  const mini = new MiniSearch<SearchDocument>({
    fields: Object.keys(SEARCH_FIELD_BOOSTS),
    storeFields: [],
    tokenize: termsOf,
    processTerm: (term) => term,
    searchOptions: {
      boost: { ...boosts },
      combineWith: 'OR',
      prefix: (term) => term.length >= PREFIX_MIN_CHARS,
      fuzzy: (term) => (term.length >= FUZZY_MIN_CHARS ? 0.2 : false),
      maxFuzzy: 2,
    },
  });
  mini.addAll(entries.map((entry, i) => documentOf(entry, i)));
  const byTag = new Map<string, number[]>();
  entries.forEach((entry, i) => {
    for (const tag of new Set(entry.tool.tags ?? [])) {
      if (typeof tag !== 'string') continue;
      const list = byTag.get(tag);
      if (list) list.push(i);
      else byTag.set(tag, [i]);
    }
  });
  return { mini, entries, byTag, terms };
}

/**
 * Documents built before, per descriptor object: a host describes an unchanged toolbox with the same descriptor
 * objects on every reload, so a rebuild reuses their texts (and, through the snapshot's term map, their terms).
 * Descriptors are plain data that hosts never change in place.
 */
const documents = new WeakMap<object, SearchDocument>();

function documentOf(entry: CatalogEntry, id: number): SearchDocument {
  const tool = entry.tool;
  const cached = tool !== null && typeof tool === 'object' ? documents.get(tool) : undefined;
  if (cached && cached.toolbox === entry.toolboxId) return cached.id === id ? cached : { ...cached, id };
  const doc = toSearchDocument(entry, id);
  if (tool !== null && typeof tool === 'object') documents.set(tool, doc);
  return doc;
}

/** The distinct folded words of a query, or the error that refuses it. */
function queryTerms(query: unknown): string[] | { error: WireError } {
  if (typeof query !== 'string') return { error: searchErrors.queryNotString(query) };
  if (query.length > MAX_QUERY_CHARS) return { error: searchErrors.queryTooLong(query.length, MAX_QUERY_CHARS) };
  if (query.trim() === '') return { error: searchErrors.queryEmpty() };
  const terms = new Set<string>();
  for (const word of splitWords(query)) {
    const term = foldTerm(word);
    if (term !== null) terms.add(term);
  }
  if (terms.size === 0) return { error: searchErrors.queryNoWords(query) };
  if (terms.size > MAX_QUERY_TERMS) return { error: searchErrors.queryTooManyWords(terms.size, MAX_QUERY_TERMS) };
  return [...terms];
}

/** The caller's filter, failing closed: an entry it throws on is not visible. */
function safeFilter(filter: SearchOptions['filter']): (entry: CatalogEntry) => boolean {
  if (typeof filter !== 'function') return () => true;
  return (entry) => {
    try {
      return filter(entry) === true;
    } catch {
      return false;
    }
  };
}

function hasTags(entry: CatalogEntry, tags: readonly string[]): boolean {
  return tags.length === 0 || tags.every((t) => entry.tool.tags?.includes(t) === true);
}

/** The error for a bad `tags`, or `undefined`: every tag must be carried by at least one visible entry. */
function checkTags(tags: unknown, snap: Snapshot, visible: (entry: CatalogEntry) => boolean): WireError | undefined {
  if (!Array.isArray(tags) || !tags.every((t) => typeof t === 'string')) return searchErrors.tagsNotList(tags);
  if (tags.length > MAX_SEARCH_TAGS) return searchErrors.tooManyTags(tags.length, MAX_SEARCH_TAGS);
  const unknown = (tags as string[]).filter((tag) => !(snap.byTag.get(tag) ?? []).some((i) => visible(snap.entries[i]!)));
  if (unknown.length === 0) return undefined;
  const known = [...snap.byTag].filter(([, positions]) => positions.some((i) => visible(snap.entries[i]!))).map(([tag]) => tag);
  return searchErrors.unknownTags(unknown, known.sort());
}
