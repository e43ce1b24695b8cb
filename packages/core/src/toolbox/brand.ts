/**
 * The brand every ToolBox class carries as a static property, so a host recognises toolbox classes
 * across package copies without `instanceof`: `Cls[TOOLBOX_BRAND] === TOOLBOX_CONTRACT_VERSION`.
 * `Symbol.for` makes the key identical in every copy of `@ovos-tools/core`.
 */
export const TOOLBOX_BRAND: unique symbol = Symbol.for('ovos-tools.toolbox') as never;

/**
 * The major version of the toolbox contract (constructor options, `discoverTools`, `callTool`, `bind`/`close`).
 * A host refuses toolboxes whose brand carries another major.
 */
export const TOOLBOX_CONTRACT_VERSION = 1;
