/**
 * @ovos-tools/toolbox-math — OVOS's MathToolBox (`ovos-math-tools`) for TypeScript: safe expression
 * evaluation, unit conversion, statistics and equation solving.
 */
export { MathToolBox } from './MathToolBox.js';
