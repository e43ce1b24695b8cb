import { isHighSurrogate } from './surrogates.js';
import { wholeString, minItems, requiredKeys, propertySchema, itemSchema, type Schema } from './schemaKeywords.js';

/** How deep the cut walks into nested objects and arrays; deeper containers are kept whole or emptied (`{}`, `[]`). */
export const MAX_CUT_DEPTH = 64;
/** Appended to a shortened string, so a reader sees where it was cut. */
export const CUT_MARK = '…';

/** A plain JSON value (after `JSON.parse`). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A value cut to fit, and its serialised size. */
export interface Fitted {
  /** The cut value. */
  value: Json;
  /** `JSON.stringify(value).length`. */
  size: number;
  /** Some object inside lost a key (or an array was emptied past the depth bound) to fit. */
  lossy?: boolean;
}

/** One cut: serialised sizes of the containers are computed once and kept. */
export class Cutter {
  private readonly sizes = new WeakMap<object, number>();
  private readonly minSizes = new WeakMap<object, number>();

  private readonly stringSizes = new Map<string, number>();

  /** `JSON.stringify(v).length`, summed from the parts (containers and long strings measured once). */
  size(v: Json, depth: number): number {
    if (typeof v === 'string' && v.length > 256) {
      let n = this.stringSizes.get(v);
      if (n === undefined) this.stringSizes.set(v, (n = JSON.stringify(v).length));
      return n;
    }
    if (v === null || typeof v !== 'object') return JSON.stringify(v).length;
    let n = this.sizes.get(v);
    if (n !== undefined) return n;
    if (depth >= MAX_CUT_DEPTH) n = JSON.stringify(v).length;
    else if (Array.isArray(v)) n = 2 + Math.max(0, v.length - 1) + v.reduce<number>((sum, item) => sum + this.size(item, depth + 1), 0);
    else {
      const keys = Object.keys(v);
      n = 2 + Math.max(0, keys.length - 1);
      for (const k of keys) n += JSON.stringify(k).length + 1 + this.size(v[k]!, depth + 1);
    }
    this.sizes.set(v, n);
    return n;
  }

  /** The size of the smallest form a cut can give `v` under `schema`. */
  minSize(v: Json, schema: Schema, depth: number): number {
    if (typeof v === 'string') return wholeString(schema) ? this.size(v, depth) : minStringSize(v, schema);
    if (v === null || typeof v !== 'object') return this.size(v, depth);
    let n = this.minSizes.get(v);
    if (n !== undefined) return n;
    if (Array.isArray(v)) {
      const min = Math.min(v.length, minItems(schema));
      if (depth >= MAX_CUT_DEPTH) n = min > 0 ? this.size(v, depth) : 2;
      else {
        n = 2 + Math.max(0, min - 1);
        for (let i = 0; i < min; i++) n += this.minSize(v[i]!, itemSchema(schema, i), depth + 1);
      }
    } else {
      const req = requiredKeys(schema).filter((k) => Object.hasOwn(v, k));
      if (depth >= MAX_CUT_DEPTH) n = req.length > 0 ? this.size(v, depth) : 2;
      else {
        n = 2 + Math.max(0, req.length - 1);
        for (const k of req) n += JSON.stringify(k).length + 1 + this.minSize(v[k]!, propertySchema(schema, k), depth + 1);
      }
    }
    this.minSizes.set(v, n);
    return n;
  }

  /** `v` cut to at most `budget` characters, or `null` when not even its smallest form fits. */
  fit(v: Json, budget: number, schema: Schema, depth: number): Fitted | null {
    const full = this.size(v, depth);
    if (full <= budget) return { value: v, size: full };
    if (typeof v === 'string') return wholeString(schema) ? null : cutString(v, budget, schema);
    if (v === null || typeof v !== 'object') return null;
    if (depth >= MAX_CUT_DEPTH) {
      const empty: Json = Array.isArray(v) ? [] : {};
      return this.minSize(v, schema, depth) <= 2 && budget >= 2 ? { value: empty, size: 2, lossy: true } : null;
    }
    return Array.isArray(v) ? this.fitArray(v, budget, schema, depth) : this.fitObject(v, budget, schema, depth);
  }

  /**
   * The schema's `minItems` first, sharing the room out as object values do; then further items whole while they
   * fit, and the next one cut if it keeps all its keys.
   */
  private fitArray(v: Json[], budget: number, schema: Schema, depth: number): Fitted | null {
    const min = Math.min(v.length, minItems(schema));
    const head = this.share(
      v.slice(0, min).map((child, i) => ({ child, sub: itemSchema(schema, i), prefix: 0 })),
      budget - 2,
      depth,
    );
    if (!head) return null;
    const out: Json[] = head.values;
    let used = 2 + head.size;
    let lossy = head.lossy;
    for (let i = min; i < v.length; i++) {
      const sep = i > 0 ? 1 : 0;
      const room = budget - used - sep;
      const item = v[i]!;
      const whole = this.size(item, depth + 1);
      if (whole <= room) {
        out.push(item);
        used += sep + whole;
        continue;
      }
      // a cut item is added only if it kept all its keys (a record missing keys would mislead)
      const part = room > 0 ? this.fit(item, room, itemSchema(schema, i), depth + 1) : null;
      if (part && !part.lossy) {
        out.push(part.value);
        used += sep + part.size;
      }
      break;
    }
    return { value: out, size: used, lossy };
  }

  /**
   * Fits `parts` (values with `prefix` characters before each: `"key":` in objects, none in arrays) into `budget`
   * characters, commas included: each gets its smallest form, the room left goes to the smallest needs first
   * (water-filling) and what a value does not use goes to the next. `null` when the smallest forms do not fit.
   */
  private share(parts: ReadonlyArray<{ child: Json; sub: Schema; prefix: number }>, budget: number, depth: number): { values: Json[]; size: number; lossy: boolean } | null {
    const sized = parts.map((p) => ({ ...p, min: this.minSize(p.child, p.sub, depth + 1), full: this.size(p.child, depth + 1) }));
    const bones = Math.max(0, parts.length - 1) + sized.reduce((sum, p) => sum + p.prefix + p.min, 0);
    if (bones > budget) return null;
    const give: number[] = new Array<number>(sized.length).fill(0);
    let left = budget - bones;
    const byNeed = sized.map((p, i) => ({ i, need: p.full - p.min })).sort((a, b) => a.need - b.need);
    byNeed.forEach(({ i, need }, k) => {
      const g = Math.min(need, Math.floor(left / (byNeed.length - k)));
      give[i] = g;
      left -= g;
    });
    const values: Json[] = [];
    let size = Math.max(0, parts.length - 1);
    let lossy = false;
    let carry = left;
    for (let i = 0; i < sized.length; i++) {
      const p = sized[i]!;
      const room = p.min + give[i]! + carry;
      const part = this.fit(p.child, room, p.sub, depth + 1);
      if (!part) return null; // cannot happen: room >= the smallest form
      values.push(part.value);
      size += p.prefix + part.size;
      lossy ||= part.lossy === true;
      carry = room - part.size;
    }
    return { values, size, lossy };
  }

  /** Every key kept while the smallest forms fit, the room shared out; optional keys dropped from the end if needed. */
  private fitObject(v: { [key: string]: Json }, budget: number, schema: Schema, depth: number): Fitted | null {
    const required = new Set(requiredKeys(schema));
    const parts = Object.keys(v).map((k) => {
      const sub = propertySchema(schema, k);
      return { k, sub, child: v[k]!, prefix: JSON.stringify(k).length + 1, min: this.minSize(v[k]!, sub, depth + 1) };
    });
    // the skeleton: every kept key with its value's smallest form, and the commas between them
    let bones = 2 + Math.max(0, parts.length - 1) + parts.reduce((sum, p) => sum + p.prefix + p.min, 0);
    const dropped = new Set<number>();
    for (let i = parts.length - 1; i >= 0 && bones > budget; i--) {
      if (required.has(parts[i]!.k)) continue;
      dropped.add(i);
      bones -= parts[i]!.prefix + parts[i]!.min + (parts.length - dropped.size > 0 ? 1 : 0);
    }
    const kept = dropped.size ? parts.filter((_, i) => !dropped.has(i)) : parts;
    const shared = this.share(kept, budget - 2, depth);
    if (!shared) return null;
    const out: { [key: string]: Json } = {};
    kept.forEach((p, i) => {
      Object.defineProperty(out, p.k, { value: shared.values[i], enumerable: true, writable: true, configurable: true }); // `__proto__` stays a key
    });
    return { value: out, size: 2 + shared.size, lossy: shared.lossy || dropped.size > 0 };
  }
}

/** The longest prefix of `s` that, with {@link CUT_MARK}, serialises within `budget`; `null` below `minLength`. */
function cutString(s: string, budget: number, schema: Schema): Fitted | null {
  const minLength = typeof schema?.minLength === 'number' ? schema.minLength : 0;
  const sized = (t: string): number => JSON.stringify(t).length;
  let lo = 0;
  let hi = Math.min(s.length, budget);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (sized(s.slice(0, mid) + CUT_MARK) <= budget) lo = mid;
    else hi = mid - 1;
  }
  let length = lo;
  if (length > 0 && isHighSurrogate(s.charCodeAt(length - 1))) length--;
  const value = length > 0 || sized(CUT_MARK) <= budget ? s.slice(0, length) + CUT_MARK : '';
  if (value.length < minLength || sized(value) > budget) return null;
  return { value, size: sized(value) };
}

/** The smallest size a cut string can have: `""`, or `minLength` characters and the mark. */
function minStringSize(s: string, schema: Schema): number {
  const minLength = typeof schema?.minLength === 'number' ? schema.minLength : 0;
  if (minLength <= 0) return 2;
  if (minLength > s.length) return JSON.stringify(s).length;
  let length = Math.max(0, minLength - 1);
  if (length > 0 && isHighSurrogate(s.charCodeAt(length - 1))) length++;
  return JSON.stringify(s.slice(0, length) + CUT_MARK).length;
}
