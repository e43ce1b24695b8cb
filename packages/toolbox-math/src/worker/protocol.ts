import type { ExpressionErrorLayer } from '../expr/ExpressionError.js';

/** A refused or failed request: the text shown to the agent and the defence that refused it. */
export type FailureReply = {
  /** Refused or failed. */
  ok: false;
  /** The text shown to the agent. */
  error: string;
  /** The defence that refused it (parser, tree check, evaluation…). */
  layer: ExpressionErrorLayer;
};

/** A request to the math worker (one per tool call stage). */
export type WorkerRequest =
  | {
      /** Evaluate an expression. */
      op: 'evaluate';
      /** The expression, e.g. `2**10 + sqrt(2)`. */
      expression: string;
    }
  | {
      /** Solve an equation with nerdamer. */
      op: 'solve-symbolic';
      /** The equation, e.g. `x**2 = 4`. */
      equation: string;
    }
  | {
      /** Solve an equation numerically. */
      op: 'solve-numeric';
      /** The equation. */
      equation: string;
    };

/** The worker's answer to `evaluate`. */
export type EvaluateReply =
  | {
      /** Evaluated. */
      ok: true;
      /** The value. */
      result: number;
    }
  | FailureReply;

/** The worker's answer to `solve-symbolic`. */
export type SymbolicReply =
  | FailureReply
  | {
      /** The request ran. */
      ok: true;
      /** nerdamer solved it. */
      status: 'solved';
      /** The verified real roots. */
      solutions: number[];
      /** nerdamer's text of the complex roots. */
      complexRoots: string[];
    }
  | {
      /** The request ran. */
      ok: true;
      /** Not for the symbolic solver. */
      status: 'unsupported';
      /** Why. */
      reason: string;
    };

/** The worker's answer to `solve-numeric`. */
export type NumericReply =
  | FailureReply
  | {
      /** Solved. */
      ok: true;
      /** The real roots found. */
      solutions: number[];
    };

/** Maps each request kind to its reply type. */
export interface ReplyFor {
  /** The answer to `evaluate`. */
  evaluate: EvaluateReply;
  /** The answer to `solve-symbolic`. */
  'solve-symbolic': SymbolicReply;
  /** The answer to `solve-numeric`. */
  'solve-numeric': NumericReply;
}
