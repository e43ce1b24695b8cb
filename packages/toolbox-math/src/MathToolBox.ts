import { ToolBox, type AgentTool, type ToolBoxOptions, type TObject } from '@ovos-tools/core';
import { MathConfigSchema, readConfig } from './config.js';
import { evaluateExpressionTool } from './tools/evaluateExpression.js';
import { solveEquationTool } from './tools/solveEquation.js';
import { statisticsSummaryTool } from './tools/statisticsSummary.js';
import { unitConvertTool } from './tools/unitConvert.js';
import { loadUnitMath } from './units/loadUnitMath.js';
import { MathWorkerPool } from './worker/MathWorkerPool.js';

/**
 * OVOS's MathToolBox (`ovos-math-tools`, ovos-agentic-loop `tools/math.py`, wire spec §5.5): four tools —
 * `evaluate_expression`, `unit_convert`, `statistics_summary`, `solve_equation` — with OVOS's names,
 * fields and error texts. Expressions and equations run in one warm worker thread (time limit per job,
 * memory limits, terminated and replaced when a job overruns or is cancelled), never on the host's event
 * loop; unit conversion and statistics run in-process.
 *
 * Config (optional; OVOS has none): `timeout_ms` — time limit per worker job in ms, default 5000; `warm_worker` —
 * start the expression worker in the warm-up (default false: with the first call that needs it).
 * Call {@link MathToolBox.close} to stop the worker (it is `unref`'d, so it never keeps a process alive).
 */
export class MathToolBox extends ToolBox {
  static override toolboxId = 'ovos-math-tools';
  /** The keys of its config section (the provider checks the section against them at every load). */
  static override configSchema: TObject = MathConfigSchema;

  private readonly pool: MathWorkerPool;

  constructor(options: ToolBoxOptions = {}) {
    super(options);
    this.pool = new MathWorkerPool();
  }

  discoverTools(): AgentTool[] {
    const timeout = () => readConfig(this.config).timeoutMs;
    return [evaluateExpressionTool(this.pool, timeout), unitConvertTool(), statisticsSummaryTool(), solveEquationTool(this.pool, timeout)];
  }

  /**
   * Loads the mathjs of `unit_convert` and `statistics_summary` and compiles the validators; with `warm_worker`, also
   * starts the expression worker (it loads its mathjs and nerdamer in its own thread). Without it the worker, about
   * 15 MB that a small device may rather keep free, starts with the first `evaluate_expression` or `solve_equation`.
   */
  override async warmUp(): Promise<void> {
    if (readConfig(this.config).warmWorker) this.pool.warm();
    await loadUnitMath();
    await super.warmUp();
  }

  /** Unbinds from the bus and terminates the math worker. */
  override async close(): Promise<void> {
    await super.close();
    await this.pool.close();
  }
}
