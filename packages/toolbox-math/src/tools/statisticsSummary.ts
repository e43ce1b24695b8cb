import { defineTool, Type, type AgentTool } from '@ovos-tools/core';
import { loadUnitMath } from '../units/loadUnitMath.js';

/**
 * Most values `statistics_summary` accepts in one call: 100,000 (about 1.8 MB of JSON; validated and summarised in
 * well under a second on a slow machine, where 7 million froze the provider for 27 s). Enforced by the argument
 * schema (`maxItems`), so a longer list fails validation with an error naming the limit before the tool runs.
 */
export const MAX_STATISTICS_ITEMS = 100_000;

const Args = Type.Object(
  { numbers: Type.Array(Type.Number(), { description: `Values to summarise (at most ${MAX_STATISTICS_ITEMS})`, maxItems: MAX_STATISTICS_ITEMS }) },
  { title: 'StatisticsSummaryArgs' },
);

const Output = Type.Object(
  {
    count: Type.Integer({ description: 'Number of values' }),
    mean: Type.Number({ description: 'Arithmetic mean' }),
    median: Type.Number({ description: 'Median' }),
    stdev: Type.Union([Type.Number(), Type.Null()], { description: 'Sample standard deviation (null when n < 2)' }),
    minimum: Type.Number({ description: 'Min value' }),
    maximum: Type.Number({ description: 'Max value' }),
    total: Type.Number({ description: 'Sum' }),
    error: Type.Union([Type.String(), Type.Null()], { description: 'Error message, e.g. for an empty list' }),
  },
  { title: 'StatisticsSummaryOutput' },
);

/**
 * `statistics_summary(numbers)` → `{count, mean, median, stdev, minimum, maximum, total, error}` (OVOS
 * MathToolBox, wire spec §5.5), computed with mathjs; `stdev` is the sample standard deviation (n − 1),
 * null for fewer than two values. An empty list gives zeros, `stdev` null and `error` `Empty list provided.`.
 * Non-numeric items and lists over {@link MAX_STATISTICS_ITEMS} are rejected by argument validation before the tool runs.
 */
export function statisticsSummaryTool(): AgentTool {
  return defineTool({
    name: 'statistics_summary',
    description: 'Compute count, mean, median, sample standard deviation, minimum, maximum and total of a list of numbers.',
    argumentSchema: Args,
    outputSchema: Output,
    readOnly: true,
    idempotent: true,
    openWorld: false,
    tags: ['math', 'statistics', 'read-only'],
    errorModes: `An empty list returns zeros with error "Empty list provided."; non-numeric values and lists longer than ${MAX_STATISTICS_ITEMS} fail argument validation.`,
    examples: [
      {
        arguments: { numbers: [2, 4, 4, 4, 5, 5, 7, 9] },
        result: { count: 8, mean: 5, median: 4.5, stdev: 2.138089935299395, minimum: 2, maximum: 9, total: 40, error: null },
      },
    ],
    toolCall: async ({ numbers }) => {
      const n = numbers.length;
      if (n === 0) return { count: 0, mean: 0, median: 0, stdev: null, minimum: 0, maximum: 0, total: 0, error: 'Empty list provided.' };
      const { max, mean, median, min, std, sum } = await loadUnitMath();
      return {
        count: n,
        mean: mean(numbers) as number,
        median: median(numbers) as number,
        stdev: n < 2 ? null : (std(numbers) as unknown as number),
        minimum: min(numbers) as number,
        maximum: max(numbers) as number,
        total: sum(numbers) as number,
        error: null,
      };
    },
  });
}
