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
  /** The package whose copy was dropped, and its tool. */
  label: string;
  tool: string;
  /** The dropped request as written. */
  request: string;
  /** The package and tool that keep it. */
  ownerLabel: string;
  ownerTool: string;
  /** `same`: the same words; `part`: only words of the owner's request; `padded`: the owner's words plus one or two. */
  how: 'same' | 'part' | 'padded';
}

/** How many words an untrusted request may add to a trusted one before it is its own request. */
const PADDING_WORDS = 2;
/** Longer requests (content words) are not compared word subset by word subset for padding. */
const MAX_PADDED_WORDS = 12;

interface Claim {
  id: string;
  label: string;
  tool: string;
  trusted: boolean;
  words: ReadonlySet<string>;
}

/**
 * Who keeps each example request when several packages ship it. Each request is reduced to its set of content words
 * (folded, stop words dropped, English-stemmed, sorted: `Calculate  the SUM!` and `sum calculating` are the same);
 * the first claimant (the caller orders them: trusted first, then by origin precedence and plugin-root order) keeps
 * it and a later package's copy is dropped. Against a trusted claim an untrusted package loses more: a request made
 * only of words of a trusted request of another package (`part`: `calculate` against `calculate {expression}`) or
 * adding at most two words to one (`padded`), so no untrusted package can rank above a trusted tool for what that
 * tool's examples say. Requests of the same package never conflict. Linear in the number of requests (a padded
 * request of n ≤ 12 words looks up its n² / 2 subsets; a part looks through the trusted claims of its rarest word).
 */
export function resolveClaims(claimants: readonly Claimant[], wordsOf: (request: string) => readonly string[] = requestWords): { kept: Map<string, Map<string, string[]>>; dropped: DroppedRequest[] } {
  const owners = new Map<string, Claim>();
  const trustedPostings = new Map<string, Claim[]>();
  const kept = new Map<string, Map<string, string[]>>();
  const dropped: DroppedRequest[] = [];
  for (const c of claimants) {
    const tools = new Map<string, string[]>();
    for (const [tool, requests] of c.tools) {
      const list: string[] = [];
      for (const request of requests) {
        const words = wordsOf(request);
        const key = words.length ? words.join(' ') : `=${splitWords(request.toLowerCase()).join(' ')}`;
        const owner = owners.get(key);
        const taken = owner && owner.id !== c.id ? { owner, how: 'same' as const } : !c.trusted && words.length ? nearTrusted(words, c.id, owners, trustedPostings) : undefined;
        if (taken) {
          dropped.push({ label: c.label, tool, request, ownerLabel: taken.owner.label, ownerTool: taken.owner.tool, how: taken.how });
          continue;
        }
        list.push(request);
        if (owner) continue;
        const claim: Claim = { id: c.id, label: c.label, tool, trusted: c.trusted, words: new Set(words) };
        owners.set(key, claim);
        if (c.trusted) for (const w of claim.words) (trustedPostings.get(w) ?? trustedPostings.set(w, []).get(w)!).push(claim);
      }
      if (list.length) tools.set(tool, list);
    }
    kept.set(c.id, tools);
  }
  return { kept, dropped };
}

/** A trusted claim of another package that `words` is part of, or pads by at most {@link PADDING_WORDS} words. */
function nearTrusted(words: readonly string[], id: string, owners: ReadonlyMap<string, Claim>, postings: ReadonlyMap<string, Claim[]>): { owner: Claim; how: 'part' | 'padded' } | undefined {
  let rarest: Claim[] | undefined;
  for (const w of words) {
    const list = postings.get(w);
    if (!list) {
      rarest = undefined;
      break;
    }
    if (!rarest || list.length < rarest.length) rarest = list;
  }
  const part = rarest?.find((claim) => claim.id !== id && words.every((w) => claim.words.has(w)));
  if (part) return { owner: part, how: 'part' };
  if (words.length > MAX_PADDED_WORDS) return undefined;
  for (const subset of subsetsWithout(words, PADDING_WORDS)) {
    const owner = owners.get(subset);
    if (owner && owner.id !== id && owner.trusted) return { owner, how: 'padded' };
  }
  return undefined;
}

/** The keys of `words` (sorted) with one, then two, of them left out (none left empty). */
function* subsetsWithout(words: readonly string[], most: number): Generator<string> {
  for (let i = 0; i < words.length; i++) {
    if (words.length > 1) yield words.filter((_, k) => k !== i).join(' ');
    if (most < 2) continue;
    for (let j = i + 1; j < words.length; j++) if (words.length > 2) yield words.filter((_, k) => k !== i && k !== j).join(' ');
  }
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
