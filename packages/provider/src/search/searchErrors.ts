import type { WireError } from '@ovos-tools/core';
import { previewValue } from '../service/previewValue.js';

/** The most tag names an unknown-tag error lists. */
const LISTED_TAGS = 30;

/**
 * The errors tool search answers with, as wire errors (`{error, code}`, code `invalid_request`), written as OVOS
 * writes its errors (`ValueError: <what was wrong and how to fix it>`). A transport puts them on the wire as they are.
 */
export const searchErrors = {
  /** `query` is not a string. */
  queryNotString: (received: unknown): WireError => invalid(`Invalid field 'query': expected a string, received ${previewValue(received)}`),
  /** `query` is empty or only white space. */
  queryEmpty: (): WireError => invalid(`Invalid field 'query': it is empty; describe what the tool should do, e.g. "set a timer for ten minutes"`),
  /** `query` is longer than the limit. */
  queryTooLong: (chars: number, max: number): WireError => invalid(`Invalid field 'query': ${chars} characters; at most ${max} are accepted (a short request, e.g. "weather in Lisbon tomorrow")`),
  /** `query` has no word left after stop words and punctuation are removed. */
  queryNoWords: (query: string): WireError =>
    invalid(`Invalid field 'query': ${previewValue(query)} has no searchable words (only punctuation or words such as "the", "what", "please"); name what the tool should do`),
  /** `query` has more distinct words than are searched. */
  queryTooManyWords: (words: number, max: number): WireError => invalid(`Invalid field 'query': ${words} distinct words; at most ${max} are searched; shorten the request`),
  /** `limit` is not an integer in range. */
  limitOutOfRange: (received: unknown, max: number): WireError => invalid(`Invalid field 'limit': expected an integer from 1 to ${max}, received ${previewValue(received)}`),
  /** `explain` is not a boolean. */
  explainNotBoolean: (received: unknown): WireError => invalid(`Invalid field 'explain': expected true or false, received ${previewValue(received)}`),
  /** `tags` is not a list of strings. */
  tagsNotList: (received: unknown): WireError => invalid(`Invalid field 'tags': expected a list of strings, received ${previewValue(received)}`),
  /** `tags` lists more tags than a search accepts. */
  tooManyTags: (count: number, max: number): WireError => invalid(`Invalid field 'tags': ${count} tags; at most ${max} are accepted (a tool must carry every one)`),
  /** A requested tag no visible tool carries; `known` are the tags the caller's tools carry (sorted). */
  unknownTags: (unknown: readonly string[], known: readonly string[]): WireError => {
    const which = `${unknown.length === 1 ? 'Unknown tag' : 'Unknown tags'} ${unknown.map((t) => previewValue(t)).join(', ')}`;
    if (known.length === 0) return invalid(`${which}: no tool you may call carries any tag; search without 'tags'`);
    const listed = known.slice(0, LISTED_TAGS).join(', ');
    const more = known.length > LISTED_TAGS ? ` and ${known.length - LISTED_TAGS} more` : '';
    return invalid(`${which}; the tools you may call carry: ${listed}${more}`);
  },
} as const;

function invalid(text: string): WireError {
  return { error: `ValueError: ${text}`, code: 'invalid_request' };
}
