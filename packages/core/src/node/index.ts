/**
 * @ovos-tools/core/node — the toolbox kit: small Node helpers that the provider and every toolbox share instead of
 * each keeping its own copy: path containment, error texts, Node's timer range, the plain-object check, and the
 * config reader (a toolbox's config section read against a TypeBox schema, with one style of problem text).
 */
export { isInside } from './paths.js';
export { configProblem, configProblemText, readConfig, type ConfigProblem, type ConfigRead } from './readConfig.js';
export { errorMessage, errorText, isObject, MAX_TIMER_MS, timerDelay } from './values.js';
