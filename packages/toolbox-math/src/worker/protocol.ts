import type { ExpressionErrorLayer } from '../expr/ExpressionError.js';

/** A refused or failed request: the text shown to the agent and the defence that refused it. */
export type FailureReply = { ok: false; error: string; layer: ExpressionErrorLayer };

/** A request to the math worker (one per tool call stage). */
export type WorkerRequest =
  | { op: 'evaluate'; expression: string }
  | { op: 'solve-symbolic'; equation: string }
  | { op: 'solve-numeric'; equation: string };

/** The worker's answer to `evaluate`. */
export type EvaluateReply = { ok: true; result: number } | FailureReply;

/** The worker's answer to `solve-symbolic`. */
export type SymbolicReply =
  | FailureReply
  | { ok: true; status: 'solved'; solutions: number[]; complexRoots: string[] }
  | { ok: true; status: 'unsupported'; reason: string };

/** The worker's answer to `solve-numeric`. */
export type NumericReply = FailureReply | { ok: true; solutions: number[] };

/** Maps each request kind to its reply type. */
export interface ReplyFor {
  evaluate: EvaluateReply;
  'solve-symbolic': SymbolicReply;
  'solve-numeric': NumericReply;
}

/** A message the worker posts: `ready` once after start-up, then one `reply` per request id. */
export type WorkerMessage = { type: 'ready' } | { type: 'reply'; id: number; reply: unknown };
