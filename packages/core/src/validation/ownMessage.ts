/**
 * A schema's own words for its problems: a node may carry `errorMessage` (the keyword VS Code's JSON editor and
 * ajv-errors read) saying what to type instead, and `writeOnly` (JSON Schema's annotation for a value never shown
 * back, such as a secret) so that a problem never repeats the value.
 */

/** Where an error's schema node and its ancestors sit: the node, and how many instance path segments lead to it. */
interface Step {
  /** The schema node. */
  node: Record<string, unknown>;
  /** Instance path segments consumed from the root to reach the value this node checks. */
  depth: number;
}

/** Keywords whose next path segment names a child that checks one segment deeper in the value. */
const KEYED_CHILD = new Set(['properties', 'patternProperties', 'prefixItems', 'dependentSchemas']);
/** Keywords whose child checks one segment deeper in the value. */
const ONE_CHILD = new Set(['items', 'additionalProperties', 'additionalItems', 'contains', 'unevaluatedProperties', 'unevaluatedItems']);
/** Keywords whose next path segment indexes a child that checks the same value. */
const INDEXED_SAME = new Set(['anyOf', 'oneOf', 'allOf']);
/** Keywords whose child checks the same value. */
const ONE_SAME = new Set(['not', 'if', 'then', 'else']);

/**
 * The nodes from the root to a schema path (`#/properties/a/anyOf/0`), each with its instance depth; stops where the
 * path leaves the schema (a `patternProperties` pattern holding `/`, a `$ref`).
 */
export function stepsTo(schema: object, schemaPath: string): Step[] {
  const segments = schemaPath.replace(/^#\/?/, '').split('/').filter((s) => s !== '');
  const steps: Step[] = [{ node: schema as Record<string, unknown>, depth: 0 }];
  for (let i = 0; i < segments.length; i++) {
    const { node, depth } = steps.at(-1)!;
    const keyword = segments[i]!;
    let child: unknown;
    let deeper = 0;
    if (KEYED_CHILD.has(keyword) || INDEXED_SAME.has(keyword)) {
      child = (node[keyword] as Record<string, unknown> | undefined)?.[unescape(segments[++i] ?? '')];
      deeper = KEYED_CHILD.has(keyword) ? 1 : 0;
    } else if (ONE_CHILD.has(keyword) || ONE_SAME.has(keyword)) {
      child = node[keyword];
      deeper = ONE_CHILD.has(keyword) ? 1 : 0;
    }
    if (child === null || typeof child !== 'object') break;
    steps.push({ node: child as Record<string, unknown>, depth: depth + deeper });
  }
  return steps;
}

function unescape(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * The deepest of `steps` that checks the failing value itself (instance depth `depth`, so a union and its branches,
 * not a list holding the value) and says its own problem text (`errorMessage`), or `undefined`.
 */
export function ownMessage(steps: readonly Step[], depth: number): string | undefined {
  for (let i = steps.length - 1; i >= 0; i--) {
    const message = steps[i]!.node.errorMessage;
    if (steps[i]!.depth === depth && typeof message === 'string') return message;
  }
  return undefined;
}

/** Whether a value checked by the last of `steps` is never shown back (`writeOnly` on it or on a node holding it). */
export function isWriteOnly(steps: readonly Step[]): boolean {
  return steps.some((s) => s.node.writeOnly === true);
}
