import { MAX_MESSAGE_DEPTH } from './nesting.js';

/**
 * About the most JSON values (objects, arrays, keys, strings and the numbers/literals between commas) one received
 * frame may hold: 100,000. `JSON.parse` of that many costs a few tens of milliseconds; a frame of 2.7 million `{}`
 * (8 MiB) cost seconds. Frames over it are refused before they are parsed. OVOS has no such limit; real OVOS frames
 * hold a few hundred values, and a long text is one value whatever its length.
 */
export const MAX_MESSAGE_VALUES = 100_000;

/**
 * The most keys one object of a received frame may have: 10,000 (`JSON.parse` of an object with 100,000 keys costs
 * hundreds of milliseconds). Frames over it are refused before they are parsed.
 */
export const MAX_OBJECT_KEYS = 10_000;

/**
 * What a receiver refuses to parse (see `Message.deserialize`): about how many JSON values a frame may hold, and how
 * many keys one of its objects may have. The defaults ({@link DEFAULT_FRAME_LIMITS}) suit anything that answers
 * requests from the bus; a client that only reads the answers it asked for (a command line) may raise them.
 */
export interface FrameLimits {
  /** About the most JSON values in one frame; default {@link MAX_MESSAGE_VALUES}. `Infinity` for no limit. */
  maxValues: number;
  /** The most keys in one object; default {@link MAX_OBJECT_KEYS}. `Infinity` for no limit. */
  maxObjectKeys: number;
}

/** {@link MAX_MESSAGE_VALUES} values and {@link MAX_OBJECT_KEYS} keys per object. */
export const DEFAULT_FRAME_LIMITS: Readonly<FrameLimits> = Object.freeze({ maxValues: MAX_MESSAGE_VALUES, maxObjectKeys: MAX_OBJECT_KEYS });

/**
 * The longest frame (in UTF-16 code units, about bytes) a bus endpoint reads when it does not start with its type
 * (`{"type":"…"`, as every OVOS client writes it): 1 MiB. Longer ones are refused unread as malformed — finding
 * their type would mean reading all of them, whatever their type — so a client cannot make every endpoint scan
 * megabytes it has no use for. The bus server still relays them unchanged to every client.
 */
export const MAX_UNTYPED_FRAME_CHARS = 1024 * 1024;

/** One member of a frame's top-level `data` or `context` object, located in the frame text (offsets in UTF-16 units). */
export interface FrameMember {
  /** Which top-level object the member belongs to. */
  part: 'data' | 'context';
  /** The key's JSON text, quotes included. */
  key: string;
  /** Where the member's value text starts. */
  start: number;
  /** Where it ends (exclusive; trailing blanks may be included). */
  end: number;
  /** How deep the value nests (`1` → 0, `[]` → 1, `[{}]` → 2). */
  depth: number;
  /** About how many JSON values it holds. */
  values: number;
}

/** What one pass over a frame's text, without parsing it, tells about it: see {@link scanFrame}. */
export interface FrameShape {
  /** Whether the first non-blank character is `{` (else the frame cannot be an OVOS message). */
  object: boolean;
  /** The value of the top-level `"type"` key when it is a string (the last one, as `JSON.parse` keeps). */
  type: string | undefined;
  /** How deep the frame nests, the envelope being level 1 (so `data`'s own level is 2). */
  depth: number;
  /** About how many JSON values the frame holds (containers, keys, strings, and one per comma). */
  values: number;
  /** The most keys found in one object. */
  widest: number;
  /** The members of top-level `data` and `context` objects, in frame order (at most the first 10,000). */
  members: FrameMember[];
}

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const MAX_MEMBERS = 10_000;
/** Container kinds are remembered this deep; deeper levels only count (the frame is refused anyway). */
const TRACKED_DEPTH = MAX_MESSAGE_DEPTH + 2;

/** The container kind (`{` or `[`) of each open level of the scan in progress (see `Scanner`). */
const SCAN_KINDS = new Uint8Array(TRACKED_DEPTH + 1);
/** How many keys each open object level of the scan in progress has had so far. */
const SCAN_KEY_COUNTS = new Int32Array(TRACKED_DEPTH + 1);

const isBlank = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Index of the quote closing the string that opens at `i`, or -1 when it never closes. */
function stringEnd(text: string, i: number): number {
  let j = i;
  for (;;) {
    j = text.indexOf('"', j + 1);
    if (j < 0) return -1;
    let slashes = 0;
    for (let k = j - 1; text.charCodeAt(k) === BACKSLASH; k--) slashes++;
    if (slashes % 2 === 0) return j;
  }
}

/** The string whose JSON text spans `start..end` (quotes included), or undefined when its escapes are invalid. */
function decodeString(text: string, start: number, end: number): string | undefined {
  const inner = text.slice(start + 1, end);
  if (inner.indexOf('\\') < 0) return inner;
  try {
    return JSON.parse(text.slice(start, end + 1)) as string;
  } catch {
    return undefined;
  }
}

/** The state of one scan; {@link scanFrame} drives it character by character. */
class Scanner {
  depth = 0;
  maxDepth = 0;
  values = 0;
  widest = 0;
  type: string | undefined;
  readonly members: FrameMember[] = [];
  // shared by every scan (a scan runs to its end synchronously): level d's entries are written when level d opens,
  // before anything reads them, so nothing of an earlier scan is seen; a frame then allocates no typed arrays
  private readonly kinds = SCAN_KINDS;
  private readonly keyCounts = SCAN_KEY_COUNTS;
  private expectKey = false;
  private topKey: string | undefined;
  private part: 'data' | 'context' | undefined;
  /** The member of data/context being scanned: its key, value start, deepest level and first value count. */
  member: { key: string; start: number; depth: number; values: number } | undefined;

  constructor(private readonly text: string) {}

  /** A string at `i`; returns the index of its closing quote (or the text's length when it never closes). */
  string(i: number): number {
    const end = stringEnd(this.text, i);
    if (end < 0) return this.text.length;
    this.values++;
    const d = this.depth;
    if (this.expectKey) {
      this.expectKey = false;
      if (d <= TRACKED_DEPTH && ++this.keyCounts[d]! > this.widest) this.widest = this.keyCounts[d]!;
      if (d === 1) this.topKey = this.widest <= MAX_OBJECT_KEYS ? decodeString(this.text, i, end) : undefined;
      else if (d === 2 && this.part) this.member = { key: this.text.slice(i, end + 1), start: -1, depth: 0, values: this.values };
    } else if (d === 1 && this.topKey === 'type') {
      this.type = decodeString(this.text, i, end);
    } else if (d === 2 && this.member && this.member.start < 0) {
      this.member.start = i;
    }
    return end;
  }

  open(i: number, kind: number): void {
    this.values++;
    if (this.depth === 1 && kind === OPEN_OBJECT && (this.topKey === 'data' || this.topKey === 'context')) this.part = this.topKey;
    if (this.depth === 2 && this.member && this.member.start < 0) this.member.start = i;
    const d = ++this.depth;
    if (d > this.maxDepth) this.maxDepth = d;
    if (this.member && d - 2 > this.member.depth) this.member.depth = d - 2;
    if (d <= TRACKED_DEPTH) {
      this.kinds[d] = kind;
      this.keyCounts[d] = 0;
    }
    this.expectKey = kind === OPEN_OBJECT;
  }

  close(i: number): void {
    if (this.depth === 2) this.endMember(i);
    if (this.depth === 2) this.part = undefined;
    if (this.depth > 0) this.depth--;
    this.expectKey = false;
  }

  comma(i: number): void {
    this.values++;
    const d = this.depth;
    if (d === 2) this.endMember(i);
    this.expectKey = d <= TRACKED_DEPTH && this.kinds[d] === OPEN_OBJECT;
  }

  private endMember(end: number): void {
    const m = this.member;
    this.member = undefined;
    if (!m || !this.part || m.start < 0 || this.members.length >= MAX_MEMBERS) return;
    this.members.push({ part: this.part, key: m.key, start: m.start, end, depth: m.depth, values: this.values - m.values });
  }
}

/**
 * Reads a frame's shape in one pass over its text, without parsing it: whether it is an object, its top-level
 * `type`, how deep it nests, about how many values it holds, its widest object, and where the members of `data`
 * and `context` lie. Linear in the text's length and allocation-free for numbers and literals (8 MiB: about 10–30
 * ms), so a frame that would be too costly to parse is refused before `JSON.parse` sees it. Never throws; on text
 * that is not JSON the figures are meaningless but bounded (`JSON.parse` reports the error afterwards).
 */
export function scanFrame(text: string): FrameShape {
  const n = text.length;
  let i = 0;
  while (i < n && isBlank(text.charCodeAt(i))) i++;
  const s = new Scanner(text);
  if (text.charCodeAt(i) !== OPEN_OBJECT) return { object: false, type: undefined, depth: 0, values: 0, widest: 0, members: [] };
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = s.string(i);
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) s.open(i, c);
    else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) s.close(i);
    else if (c === COMMA) s.comma(i);
    else if (s.depth === 2 && s.member !== undefined && s.member.start < 0 && c !== COLON && !isBlank(c)) s.member.start = i;
  }
  return { object: true, type: s.type, depth: s.maxDepth, values: s.values, widest: s.widest, members: s.members };
}

const TYPE_PREFIX = /^[ \t\r\n]*\{[ \t\r\n]*"type"[ \t\r\n]*:[ \t\r\n]*"([^"\\]{1,512})"/;

/**
 * The message type of a frame that starts, as every OVOS client writes it, with `{"type": "<type>"` — read from its
 * first characters only, so it costs the same for 100 bytes as for 8 MiB. `undefined` when the frame starts
 * otherwise (another key first, an escaped or very long type): then only parsing (or {@link scanFrame}) can tell.
 * A frame with a second top-level `"type"` key is named by its first one here (`JSON.parse` keeps the last).
 */
export function frameTypePrefix(text: string): string | undefined {
  return TYPE_PREFIX.exec(text.length > 600 ? text.slice(0, 600) : text)?.[1];
}
