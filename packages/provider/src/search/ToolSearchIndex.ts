import type { WireError } from '@ovos-tools/core';
import type { CatalogEntry } from '../service/CatalogEntry.js';
import { analyseQuery } from './analyseQuery.js';
import type { HitExplanation } from '../service/HitExplanation.js';
import { rankSnapshot } from './rankSnapshot.js';
import { searchErrors } from './searchErrors.js';
import { buildSnapshot, snapshotSteps, type SearchField, type Snapshot, type UtterancesOf } from './SearchSnapshot.js';
import { preloadWordVectors } from './wordVectors.js';
import { VOICE_LEXICON } from './voiceLexicon.js';
import type { ModelRanking } from './semantic/ModelRanking.js';


/** The fields of a {@link SearchDocument} that are ranked, and how much a match in each counts (BM25 score multipliers). */
export const SEARCH_FIELD_BOOSTS: Readonly<Record<SearchField, number>> = Object.freeze({
  name: 2,
  tags: 1.5,
  summary: 1.5,
  description: 1,
  args: 0.75,
  examples: 0.75,
  toolbox: 0.5,
  utterances: 1.5,
  phrases: 1,
});

/** Results per search when `limit` is not given (the OVOS `ovos.tools.search` default). */
export const DEFAULT_SEARCH_LIMIT = 5;
/** The largest `limit` a search accepts. */
export const MAX_SEARCH_LIMIT = 100;
/** The most tags one search may require. */
export const MAX_SEARCH_TAGS = 16;


/** How a {@link ToolSearchIndex} ranks. */
export interface ToolSearchIndexOptions {
  /** Per-field boosts replacing those of {@link SEARCH_FIELD_BOOSTS} (a field missing here keeps its default). */
  boosts?: Partial<Record<SearchField, number>>;
  /**
   * Query expansion: a folded query word → English search terms added to the query at `LEXICON_TERM_WEIGHT`
   * (`temporizador` → `timer`). Default {@link VOICE_LEXICON} (Portuguese, Spanish, German, French, Italian, Dutch and
   * Catalan words for what people ask a voice assistant); `null` searches the query's own words only.
   */
  lexicon?: ReadonlyMap<string, readonly string[]> | null;
  /**
   * The example requests of an entry (its toolbox's `locale/<lang>/<tool>.intent` lines, every language), indexed
   * as the `utterances` field. Called on every rebuild; a throw counts as none. Default: none.
   */
  utterances?: UtterancesOf;
  /**
   * Rank by meaning too: each tool and request as a vector of the shipped English word-vector table, the cosine added
   * to the lexical score (see {@link ToolSearchIndex}). Default `true`; `false` ranks lexically only.
   */
  semantic?: boolean;
  /**
   * A sentence-embedding model's ranking, fused with the lexical one when a search-ranker package is installed
   * (issue 42; the provider passes one whose source is discovery). Its owner closes it. Default: none (lexical only).
   */
  ranker?: ModelRanking;
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
  /**
   * Also say, per hit, which fields and terms matched and how close the meanings are (`SearchHit.explain`);
   * default `false`. Not a boolean: refused (`invalid_request`).
   */
  explain?: boolean;
}

/** One ranked result. */
export interface SearchHit {
  /** The catalog entry found. */
  entry: CatalogEntry;
  /**
   * Its relevance (higher is better; only comparable within one search): the BM25 score over query terms and fields
   * scaled so the best lexical match of the search is 1, plus 0.6 × the cosine of the meanings (`SEMANTIC_WEIGHT`).
   * When a search-ranker package took part (`explain.rankers`), the fusion of both rankers' scores instead (`fuseRankings`:
   * the lexical score's share of the best, in full from half the request's words matched, plus 1.25 × the model's cosine
   * above the median as a share of the best's), scaled so a tool best in both scores 1.
   */
  score: number;
  /** Why it was found, when the search asked (`explain: true`). */
  explain?: HitExplanation;
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

/**
 * A full-text index over catalog entries (tool name and title, summary, description, tags, argument names and
 * descriptions, examples, toolbox id, and the example requests of the `utterances` option with their word pairs),
 * ranked with MiniSearch's BM25 with per-field boosts ({@link SEARCH_FIELD_BOOSTS}), prefix and fuzzy matching, plus
 * the closeness of meanings (a shipped English word-vector table; see `rankSnapshot`). Text is split on punctuation
 * and camelCase, folded (lower case, no diacritics, stop words of eight languages dropped) and Snowball-stemmed, so
 * `previsão do tempo`, `Wettervorhersage`, `getWeather` or `converting` are searchable as written. A request is read
 * for more than its words (`analyseQuery`): the multilingual lexicon, and numbers, units, arithmetic and clock times
 * in eight languages (`queryConcepts`).
 *
 * {@link rebuild} builds the new index beside the current one and swaps it in only when it is complete, so a search
 * during a reload answers from the old catalog, never from a partial one. Never throws: bad input and build failures
 * come back as error values.
 */
export class ToolSearchIndex {
  private current: Snapshot;
  private readonly boosts: Record<SearchField, number>;
  private readonly lexicon: ReadonlyMap<string, readonly string[]> | null;
  private readonly utterancesOf: UtterancesOf | undefined;
  private readonly semantic: boolean;
  private readonly model: ModelRanking | undefined;
  /** The background rebuild under way (see {@link rebuildInBackground}), not serving yet. */
  private pending: PendingBuild | undefined;
  /** Whether a ranking has run once (the warm-up of a background build, or a search): the code is compiled. */
  private warmed = false;

  /**
   * @param entries - the catalog to index first (e.g. the current registry generation); empty by default.
   * @param options - field boosts and the query-expansion lexicon.
   */
  constructor(entries: readonly CatalogEntry[] = [], options: ToolSearchIndexOptions = {}) {
    this.boosts = { ...SEARCH_FIELD_BOOSTS, ...options.boosts };
    this.lexicon = options.lexicon === undefined ? VOICE_LEXICON : options.lexicon;
    this.utterancesOf = options.utterances;
    this.semantic = options.semantic !== false;
    this.model = options.ranker;
    this.current = buildSnapshot([], this.boosts, new Map(), undefined, false);
    this.rebuild(entries);
  }

  /** How many entries the serving index holds. */
  get size(): number {
    return this.current.entries.length;
  }

  /** Whether a background rebuild is under way: its entries serve once it ends (or as soon as a search needs them). */
  get building(): boolean {
    return this.pending !== undefined;
  }

  /**
   * Indexes `entries` (colliding tool names once per toolbox, as `ToolService.list` gives them) in a new index and
   * swaps it in atomically. On failure the previous index keeps serving and the outcome says why. Replaces a
   * background rebuild under way (its promise resolves `undefined`).
   */
  rebuild(entries: readonly CatalogEntry[]): RebuildOutcome {
    this.pending = supersede(this.pending);
    const started = performance.now();
    try {
      return this.swapIn(buildSnapshot([...entries], this.boosts, this.current.terms, this.utterancesOf, this.semantic), started);
    } catch (err) {
      return rebuildFailed(err);
    }
  }

  /**
   * {@link rebuild} off the request path, without blocking the event loop for long: the word-vector table is read
   * asynchronously, then the index is built in steps of `ENTRIES_PER_STEP` entries between turns of the event loop
   * (with every meaning vector, which a lazy build leaves to the first search), and the first build of this index
   * also ranks one request, unanswered, so the first real search finds the ranking code compiled. What the provider
   * does at every registry swap, so that the first search after a start or a reload answers at once. A search (or a
   * {@link rebuild}) arriving before the end finishes the build at once (or replaces it): a search always ranks the
   * entries last handed in. Resolves with the outcome once the entries serve, or `undefined` when a newer rebuild
   * replaced this one first. Never rejects.
   */
  rebuildInBackground(entries: readonly CatalogEntry[]): Promise<RebuildOutcome | undefined> {
    supersede(this.pending);
    const steps = snapshotSteps([...entries], this.boosts, this.current.terms, this.utterancesOf, this.semantic, true);
    const build: PendingBuild = { steps, started: performance.now(), done: () => undefined };
    const outcome = new Promise<RebuildOutcome | undefined>((resolve) => (build.done = resolve));
    this.pending = build;
    void this.drive(build);
    return outcome;
  }

  /** Runs `build` one step per turn of the event loop until it serves or is replaced; then warms the ranking once. */
  private async drive(build: PendingBuild): Promise<void> {
    if (this.semantic) await preloadWordVectors();
    while (this.pending === build) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (this.pending === build) this.step(build);
    }
    // an empty catalog's ranking compiles nothing worth having (`prepare` ranks two tools)
    if (this.warmed || this.pending || this.current.entries.length === 0) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.warmUp();
  }

  /** One step of the background build `build`; its last one swaps the index in (or fails) and settles its promise. */
  private step(build: PendingBuild): void {
    let outcome: RebuildOutcome;
    try {
      const next = build.steps.next();
      if (!next.done) return;
      outcome = this.swapIn(next.value, build.started);
    } catch (err) {
      outcome = rebuildFailed(err);
    }
    this.pending = undefined;
    build.done(outcome);
  }

  /** Finishes a background build under way now: a search needs its entries. */
  private settle(): void {
    const build = this.pending;
    while (build && this.pending === build) this.step(build);
  }

  /**
   * Loads and compiles what building and ranking an index need, before there is a catalog to index: the word-vector
   * table (read asynchronously), then, on a later turn of the event loop, the stemmer and a two-tool index built and
   * ranked once and thrown away. What the provider does while its toolboxes load, so that building the first
   * catalog's index (in the background, after the swap) costs the catalog's own work only. Resolves when done (at
   * once when a search or a background build already ran). Never rejects.
   */
  async prepare(): Promise<void> {
    if (this.warmed) return;
    if (this.semantic) await preloadWordVectors();
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.warmed) return;
    this.warmUp(buildSnapshot(WARM_UP_ENTRIES, this.boosts, new Map(), undefined, this.semantic));
  }

  /** Ranks one request over `snap` and forgets the answer (lexical only: the model is started by real searches). */
  private warmUp(snap: Snapshot = this.current): void {
    if (this.warmed) return;
    this.warmed = true;
    const analysed = analyseQuery(WARM_UP_QUERY, this.lexicon);
    try {
      if (!('error' in analysed)) rankSnapshot(snap, analysed, () => true, true);
    } catch {
      // a warm-up only: the real search says what is wrong
    }
  }

  /** Serves `next` (and hands its catalog to the model). */
  private swapIn(next: Snapshot, started: number): RebuildOutcome {
    this.current = next;
    this.model?.update(next.entries, (i) => next.utterances[i] ?? []);
    return { ok: true, tools: next.entries.length, durationMs: Math.round((performance.now() - started) * 1000) / 1000 };
  }

  /**
   * Ranks the entries for a natural-language `query`, best first.
   * Refuses (as an error value, code `invalid_request`) a query that is not a string, is empty, is longer than
   * `MAX_QUERY_CHARS`, has no searchable word or more than `MAX_QUERY_TERMS`; a `limit` that is not an
   * integer from 1 to {@link MAX_SEARCH_LIMIT}; `tags` that are not a list of strings, more than
   * {@link MAX_SEARCH_TAGS}, or a tag no entry passing `filter` carries (the error lists the tags that exist); an
   * `explain` that is not a boolean.
   */
  search(query: string, options: SearchOptions = {}): SearchOutcome {
    this.settle();
    return this.rank(query, options, true);
  }

  /**
   * {@link search} without blocking the event loop (what the service's searches use): with a search-ranker package
   * ready, the request is embedded first, awaited at most the model's wait (80 ms), and the search then ranks without
   * waiting; without one it answers as `search` does. Same answers and errors as {@link search}.
   */
  async searchAsync(query: string, options: SearchOptions = {}): Promise<SearchOutcome> {
    this.settle();
    if (this.model && typeof query === 'string') await this.model.prepare(query).catch(() => undefined);
    return this.rank(query, options, false);
  }

  private rank(query: string, options: SearchOptions, waitForModel: boolean): SearchOutcome {
    const analysed = analyseQuery(query, this.lexicon);
    if ('error' in analysed) return { ok: false, error: analysed.error };
    const explain = options.explain ?? false;
    if (typeof explain !== 'boolean') return { ok: false, error: searchErrors.explainNotBoolean(explain) };
    const limit = options.limit ?? DEFAULT_SEARCH_LIMIT;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) {
      return { ok: false, error: searchErrors.limitOutOfRange(limit, MAX_SEARCH_LIMIT) };
    }
    this.warmed = true;
    const snap = this.current;
    const visible = safeFilter(options.filter);
    const tags = options.tags ?? [];
    const tagProblem = checkTags(tags, snap, visible);
    if (tagProblem) return { ok: false, error: tagProblem };
    const keep = (i: number) => hasTags(snap.entries[i]!, tags) && visible(snap.entries[i]!);
    const lexical = rankSnapshot(snap, analysed, keep, explain);
    const ranked = (snap === this.current && safeRank(this.model, query, lexical, keep, explain, waitForModel)) || lexical;
    const results: SearchHit[] = ranked.slice(0, limit).map((hit) => ({
      entry: snap.entries[hit.id]!,
      score: Math.round(hit.score * 1000) / 1000,
      ...(hit.explain ? { explain: hit.explain } : {}),
    }));
    return { ok: true, results, total: ranked.length };
  }
}

/** The request a background build ranks once, unanswered, to compile the ranking code before the first search. */
const WARM_UP_QUERY = 'what time is it in lisbon, 5 km';

/** The catalog {@link ToolSearchIndex.prepare} indexes and ranks once to compile the code (never served). */
const WARM_UP_ENTRIES: readonly CatalogEntry[] = [
  { tool: { name: 'get_current_time', description: 'Tells the current time in a city, converting between time zones.', argumentSchema: { type: 'object', properties: { city: { type: 'string', description: 'A city name' } } }, tags: ['clock'] }, toolboxId: 'warm-up', kind: 'inline', source: 'warm-up' },
  { tool: { name: 'convert_units', description: 'Converts kilometers to miles and other units of length.', argumentSchema: { type: 'object', properties: { value: { type: 'number' } } } }, toolboxId: 'warm-up', kind: 'inline', source: 'warm-up' },
] as unknown as CatalogEntry[];

/** A background rebuild under way: its remaining steps, when it began, and how its promise settles. */
interface PendingBuild {
  steps: Generator<void, Snapshot, void>;
  started: number;
  done: (outcome: RebuildOutcome | undefined) => void;
}

/** Settles a replaced background build's promise (`undefined`: a newer rebuild replaced it); nothing is under way after. */
function supersede(build: PendingBuild | undefined): undefined {
  build?.done(undefined);
  return undefined;
}

function rebuildFailed(err: unknown): RebuildOutcome {
  return { ok: false, error: { error: `RuntimeError: the search index could not be rebuilt; the previous one keeps serving: ${String(err)}`, code: 'internal' } };
}

/** The model's fused ranking, or `undefined` (lexical only) when it cannot take part or fails. */
function safeRank(model: ModelRanking | undefined, query: string, lexical: ReturnType<typeof rankSnapshot>, keep: (i: number) => boolean, explain: boolean, wait: boolean) {
  try {
    return model?.rank(query, lexical, keep, explain, wait);
  } catch {
    return undefined;
  }
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
