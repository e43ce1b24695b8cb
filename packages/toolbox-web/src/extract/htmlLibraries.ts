import { createRequire } from 'node:module';

type Linkedom = typeof import('linkedom');
type Turndown = typeof import('turndown');
type ReadabilityModule = typeof import('@mozilla/readability');

const require = createRequire(import.meta.url);
let linkedom: Linkedom | undefined;
let turndown: Turndown | undefined;
let readability: ReadabilityModule | undefined;

/*
 * The HTML libraries, each loaded on first use (their CommonJS builds, synchronously, so the extractors keep
 * their synchronous signatures): linkedom and turndown are most of this toolbox's start-up time and RSS, and a
 * provider that never fetches a page or runs a search should not pay for them. Each throws only if the
 * dependency is not installed.
 */

/** linkedom (`parseHTML`), loaded on first use. */
export const loadLinkedom = (): Linkedom => (linkedom ??= require('linkedom') as Linkedom);

/** turndown's `TurndownService` class, loaded on first use. */
export const loadTurndown = (): Turndown => (turndown ??= require('turndown') as Turndown);

/** Mozilla Readability (`Readability`), loaded on first use. */
export const loadReadability = (): ReadabilityModule => (readability ??= require('@mozilla/readability') as ReadabilityModule);
