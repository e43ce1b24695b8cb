import type { MathNode } from 'mathjs';
import type { Dialect } from './dialects.js';
import { ExpressionError } from './ExpressionError.js';
import { MAX_NESTING_DEPTH } from './limits.js';

/** Most nodes a tree may have (the 4096-character limit keeps real input far below this). */
const MAX_NODES = 10_000;

/**
 * Walks a mathjs node tree and throws unless every node is one the parser emits for `dialect`:
 * `ConstantNode` holding a number, `SymbolNode` naming a dialect constant or one of `variables`, and
 * `FunctionNode` whose callee is a `SymbolNode` naming one of the dialect's internal operator/function
 * names. Everything else — assignments, function definitions, accessors, indexes, objects, arrays,
 * blocks, ranges, strings, conditionals, unknown symbols — is rejected, so a tree that passes can only
 * compute with numbers. This is the second wall behind the parser (defence in depth).
 *
 * @throws {@link ExpressionError} `not_permitted` naming the node type or name; `too_complex` for trees
 *   deeper than 2 × 100 levels or larger than 10,000 nodes.
 */
export function assertSafeTree(root: MathNode, dialect: Dialect, variables: readonly string[] = []): void {
  const functionNames = new Set<string>(Object.values(dialect.operators).filter((n): n is string => typeof n === 'string'));
  for (const def of Object.values(dialect.functions)) functionNames.add(def.internal);
  const symbols = new Set<string>([...Object.keys(dialect.constants), ...variables]);
  let count = 0;

  const visit = (node: MathNode, depth: number): void => {
    if (++count > MAX_NODES || depth > 2 * MAX_NESTING_DEPTH + 2) {
      throw new ExpressionError('too_complex', 'Expression too complex', 'tree_check');
    }
    const n = node as MathNode & { type: string; value?: unknown; name?: unknown; fn?: MathNode; args?: MathNode[] };
    switch (n.type) {
      case 'ConstantNode':
        if (typeof n.value !== 'number') throw new ExpressionError('not_permitted', 'Only numeric constants are permitted', 'tree_check');
        return;
      case 'SymbolNode':
        if (typeof n.name !== 'string' || !symbols.has(n.name)) throw new ExpressionError('unknown_name', `Unknown name: '${String(n.name)}'`, 'tree_check');
        return;
      case 'FunctionNode': {
        const fn = n.fn as (MathNode & { type: string; name?: unknown }) | undefined;
        if (!fn || fn.type !== 'SymbolNode' || typeof fn.name !== 'string' || !functionNames.has(fn.name)) {
          const shown = fn && fn.type === 'SymbolNode' ? String(fn.name) : String(fn?.type);
          throw new ExpressionError('not_permitted', `Function not permitted: '${shown}'`, 'tree_check');
        }
        if (!Array.isArray(n.args)) throw new ExpressionError('not_permitted', 'Malformed function call', 'tree_check');
        for (const arg of n.args) visit(arg, depth + 1);
        return;
      }
      default:
        throw new ExpressionError('not_permitted', `Expression not permitted: ${String(n.type)}`, 'tree_check');
    }
  };
  visit(root, 0);
}
