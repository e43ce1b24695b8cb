import { DEFAULT_FRAME_LIMITS, type FrameLimits, type FrameMember, type FrameShape } from './frameShape.js';
import { MAX_MESSAGE_DEPTH } from './nesting.js';

/** How many values of a refused frame's shallow keys are read back to address the error reply. */
const SALVAGE_VALUES = 10_000;

/** Why a frame is refused before parsing, and what of it can be read cheaply to answer it. */
export interface FrameRefusal {
  /** The error text (it names the message type and the offending keys). */
  reason: string;
  /** The salvaged request — type and the shallow, small keys of data and context — when the frame had a string type. */
  request?: { type: string; data: Record<string, unknown>; context: Record<string, unknown> };
}

const keyName = (m: FrameMember): string => {
  try {
    return `${m.part}.${JSON.parse(m.key) as string}`;
  } catch {
    return `${m.part}.${m.key}`;
  }
};

/** Reads back the members of data and context that nest within the limit and hold few values. */
function salvage(text: string, members: FrameMember[]): { data: Record<string, unknown>; context: Record<string, unknown> } {
  const parts = { data: {} as Record<string, unknown>, context: {} as Record<string, unknown> };
  let budget = SALVAGE_VALUES;
  for (const m of members) {
    if (m.depth >= MAX_MESSAGE_DEPTH || m.values > budget) continue;
    try {
      const key = JSON.parse(m.key) as string;
      const value = JSON.parse(text.slice(m.start, m.end)) as unknown;
      budget -= m.values;
      Object.defineProperty(parts[m.part], key, { value, enumerable: true, writable: true, configurable: true });
    } catch {
      // a member that is not JSON on its own: left out
    }
  }
  return parts;
}

/** Why the frame is too costly to parse, or undefined when it is within every bound. */
function why(type: string, shape: FrameShape, limits: FrameLimits): string | undefined {
  if (shape.depth > MAX_MESSAGE_DEPTH + 1) {
    const deep = shape.members.filter((m) => m.depth >= MAX_MESSAGE_DEPTH).sort((a, b) => (a.part === b.part ? 0 : a.part === 'data' ? -1 : 1));
    const where = deep.length ? `${deep.map(keyName).join(', ')} nest${deep.length === 1 ? 's' : ''}` : 'the frame nests';
    return `${type}${where} deeper than ${MAX_MESSAGE_DEPTH} levels; send flatter data`;
  }
  if (shape.widest > limits.maxObjectKeys) {
    return `${type}an object in the frame has ${shape.widest} keys, more than the ${limits.maxObjectKeys} a message may have; send a list or fewer keys`;
  }
  if (shape.values > limits.maxValues) {
    const biggest = shape.members.reduce<FrameMember | undefined>((a, m) => (a && a.values >= m.values ? a : m), undefined);
    const most = biggest && biggest.values * 2 > shape.values ? ` (most in ${keyName(biggest)})` : '';
    return `${type}the frame holds about ${shape.values} JSON values${most}, more than the ${limits.maxValues} a message may hold; send fewer values (e.g. one string instead of a long list)`;
  }
  return undefined;
}

/**
 * Whether a frame of this {@link FrameShape} is refused before parsing: nesting deeper than `MAX_MESSAGE_DEPTH`
 * (inside data/context, or 65 levels anywhere), an object with more keys than `limits.maxObjectKeys`, or more values
 * than `limits.maxValues` (defaults: 10,000 and 100,000). For a frame with a string `type`, the refusal carries the request rebuilt from
 * data's and context's shallow, small keys only (each read on its own, at most 10,000 values in all), so the owner
 * of the topic can address an error reply (`session`, `request_id`, `data.name` are typically kept).
 */
export function frameRefusal(text: string, shape: FrameShape, limits: FrameLimits = DEFAULT_FRAME_LIMITS): FrameRefusal | undefined {
  const prefix = shape.type ? `'${shape.type}': ` : '';
  const reason = why(prefix, shape, limits);
  if (reason === undefined) return undefined;
  if (shape.type === undefined || shape.type === '') return { reason };
  return { reason, request: { type: shape.type, ...salvage(text, shape.members) } };
}
