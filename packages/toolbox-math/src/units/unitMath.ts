import {
  create,
  maxDependencies,
  meanDependencies,
  medianDependencies,
  minDependencies,
  stdDependencies,
  sumDependencies,
  unitDependencies,
  type FactoryFunctionMap,
} from 'mathjs';

/**
 * The mathjs instance of `unit_convert` and `statistics_summary`: only `unit` (with mathjs's full unit table) and
 * the six statistics functions, not `create(all)`. The build inlines mathjs into this module's chunk, tree-shaken
 * to these factories, so it loads in tens of milliseconds and holds about 2 MB of heap instead of the whole
 * library's 420 ms and 30 MB. Loaded on first use or by the toolbox's warm-up (see `loadUnitMath`).
 */
export const unitMath = create(
  { unitDependencies, maxDependencies, minDependencies, meanDependencies, medianDependencies, stdDependencies, sumDependencies } as FactoryFunctionMap,
  { number: 'number' },
);

/** The functions {@link unitMath} provides. */
export type UnitMath = typeof unitMath;
