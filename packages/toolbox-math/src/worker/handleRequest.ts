import { errorText } from '../expr/compileSafe.js';
import { evaluatePython } from '../expr/evaluatePython.js';
import { ExpressionError } from '../expr/ExpressionError.js';
import { prepareEquation } from '../solve/prepareEquation.js';
import { solveNumeric } from '../solve/solveNumeric.js';
import { solveSymbolic } from '../solve/solveSymbolic.js';
import type { EvaluateReply, NumericReply, SymbolicReply, WorkerRequest } from './protocol.js';

/**
 * Runs one worker request synchronously and returns its reply; never throws (every failure becomes
 * `{ok: false, error, layer}` with the text shown to the agent and the defence that refused it). Exported so the engine can be tested in-process.
 */
export function handleRequest(request: WorkerRequest): EvaluateReply | SymbolicReply | NumericReply {
  try {
    switch (request.op) {
      case 'evaluate':
        return { ok: true, result: evaluatePython(request.expression) };
      case 'solve-symbolic':
        return { ok: true, ...solveSymbolic(prepareEquation(request.equation)) };
      case 'solve-numeric':
        return { ok: true, solutions: solveNumeric(prepareEquation(request.equation).f) };
      default:
        return { ok: false, error: `Unknown request: ${String((request as { op?: unknown }).op)}`, layer: 'parser' };
    }
  } catch (err) {
    return { ok: false, error: errorText(err), layer: err instanceof ExpressionError ? err.layer : 'evaluation' };
  }
}
