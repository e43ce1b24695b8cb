import { englishStem } from './englishStem.js';
import { searchTerms, splitWords } from './searchTerms.js';

/** One package's example requests, in the order packages claim them (see {@link resolveClaims}). */
export interface Claimant {
  /** Who claims (the package folder): a package never loses a request to itself. */
  id: string;
  /** Its name in reports (`@ovos-tools/toolbox-math`). */
  label: string;
  /** Whether the operator trusts it for search (bundled, or listed in `search_trusted_toolboxes`). */
  trusted: boolean;
  /** Tool name → its example requests (only tools the catalog serves). */
  tools: ReadonlyMap<string, readonly string[]>;
}

/** An example request not searched because an earlier claimant said it first (or, for an untrusted one, nearly). */
export interface DroppedRequest {
  /** The package whose copy was dropped. */
  label: string;
  /** Its tool whose request it was. */
  tool: string;
  /** The dropped request as written. */
  request: string;
  /** The package that keeps it. */
  ownerLabel: string;
  /** That package's tool whose request it is. */
  ownerTool: string;
  /** `same`: the same words; `part`: only words of the owner's request; `more`: the owner's words and others. */
  how: 'same' | 'part' | 'more';
}

interface Claim {
  id: string;
  label: string;
  tool: string;
  words: ReadonlySet<string>;
  /** The requests of these words as said ({@link sayingKey}; every one for a claim of one word, else the first). */
  keys: string[];
}

/**
 * Who keeps each example request when several packages ship it. The first claimant (the caller orders them: trusted
 * first, then by origin precedence and plugin-root order) keeps a request as said — its words folded (lower case, no
 * diacritics, no punctuation), numbers as `#`, in order: `Quanto é 7 vezes 8?` is `quanto e 7 vezes 8` — and a later
 * package's copy is dropped (`same`). Against a trusted claim an untrusted package loses more, compared by content
 * words (folded, stop words and numbers dropped, English-stemmed, as a set: `calculating` is `calculate`): the same
 * words in any order (`same`), only words of one trusted request — one word, or at least half of its words (`part`:
 * `sum` against `sum {a} and {b}`; two common words of a long request, such as `say … time`, are no copy) — or
 * every word of one trusted request and more (`more`: `list the files in my big old documents folder` against
 * `list the files in my documents folder`). A trusted request of one content word takes more only as a whole: said
 * word for word inside the other request, and at least half of its content words (`what is 2 plus 2 quickly` against
 * `what is 2 plus 2`); one word alone is no claim on every request that uses it (`say hi to {name} {times} times` and
 * `what time is my next meeting` against `what time is it`). So no untrusted package can rank above a trusted tool
 * for what that tool's examples say. Requests of the same package
 * never conflict. Each request costs a map lookup, plus, for an untrusted one, one look at each trusted claim sharing
 * a word with it.
 */
export function resolveClaims(claimants: readonly Claimant[], wordsOf: (request: string) => readonly string[] = requestWords): { kept: Map<string, Map<string, string[]>>; dropped: DroppedRequest[] } {
  const said = new Map<string, Claim>();
  const trustedSets = new Map<string, Claim>();
  const trustedPostings = new Map<string, Claim[]>();
  const oneWordClaims = new Map<string, Claim>();
  const kept = new Map<string, Map<string, string[]>>();
  const dropped: DroppedRequest[] = [];
  for (const c of claimants) {
    const tools = new Map<string, string[]>();
    for (const [tool, requests] of c.tools) {
      const list: string[] = [];
      for (const request of requests) {
        const key = sayingKey(request);
        const words = wordsOf(request);
        const owner = said.get(key);
        const taken = owner && owner.id !== c.id ? { owner, how: 'same' as const } : !c.trusted && words.length ? nearTrusted(words, key, c.id, trustedSets, trustedPostings) : undefined;
        if (taken) {
          dropped.push({ label: c.label, tool, request, ownerLabel: taken.owner.label, ownerTool: taken.owner.tool, how: taken.how });
          continue;
        }
        list.push(request);
        const claim: Claim = { id: c.id, label: c.label, tool, words: new Set(words), keys: [key] };
        if (!owner) said.set(key, claim);
        const setKey = words.join(' ');
        if (!c.trusted || !words.length) continue;
        // a one-word claim is each trusted package's own (its requests say the word differently: `what time is it`,
        // `what is {a} times {b}`), so a padded copy of any of them is caught; a longer one is the first package's
        const mine = words.length === 1 ? oneWordClaims.get(`${c.id}\u0000${setKey}`) : undefined;
        if (mine) mine.keys.push(key);
        else if (words.length === 1 || !trustedSets.has(setKey)) {
          if (words.length === 1) oneWordClaims.set(`${c.id}\u0000${setKey}`, claim);
          if (!trustedSets.has(setKey)) trustedSets.set(setKey, claim);
          for (const w of claim.words) (trustedPostings.get(w) ?? trustedPostings.set(w, []).get(w)!).push(claim);
        }
      }
      if (list.length) tools.set(tool, list);
    }
    kept.set(c.id, tools);
  }
  return { kept, dropped };
}

/** A request as said: its words folded (lower case, no diacritics), numbers as `#`, in order. */
function sayingKey(request: string): string {
  return splitWords(request.normalize('NFD').replace(MARKS, '').toLowerCase())
    .map((w) => (/^\d+$/.test(w) ? '#' : w))
    .join(' ');
}

const MARKS = /\p{M}+/gu;

/**
 * A trusted claim of another package whose content words `words` (sorted, distinct) equal (`same`), are part of
 * it (`part`: one word, or at least half of its words), or contain (`more`; a claim of one content word only when the
 * request `key` says it word for word and it is at least half of `words`). One pass over the trusted claims sharing a
 * word with the request, counting shared words per claim.
 */
function nearTrusted(words: readonly string[], key: string, id: string, sets: ReadonlyMap<string, Claim>, postings: ReadonlyMap<string, Claim[]>): { owner: Claim; how: 'same' | 'part' | 'more' } | undefined {
  const same = sets.get(words.join(' '));
  if (same && same.id !== id) return { owner: same, how: 'same' };
  const shared = new Map<Claim, number>();
  for (const w of words) {
    for (const claim of postings.get(w) ?? []) {
      if (claim.id === id) continue;
      const n = (shared.get(claim) ?? 0) + 1;
      shared.set(claim, n);
      if (n === words.length && (n === 1 || 2 * n >= claim.words.size)) return { owner: claim, how: 'part' };
      if (n === claim.words.size && (n > 1 || saysWhole(key, claim.keys, words.length))) return { owner: claim, how: 'more' };
    }
  }
  return undefined;
}

/** Whether a request (`key`, of `size` content words) says a one-word trusted request (one of `claimKeys`) whole and has at most twice its content words. */
function saysWhole(key: string, claimKeys: readonly string[], size: number): boolean {
  return size <= 2 && claimKeys.some((k) => ` ${key} `.includes(` ${k} `));
}

const wordCache = new Map<string, readonly string[]>();
const MAX_CACHED = 50_000;

/** The content words of a request as search indexes them (folded, no stop words, stemmed), distinct and sorted. */
export function requestWords(request: string): readonly string[] {
  let words = wordCache.get(request);
  if (words) return words;
  words = [...new Set(searchTerms(request).map(englishStem))].sort();
  if (wordCache.size >= MAX_CACHED) wordCache.clear();
  wordCache.set(request, words);
  return words;
}
