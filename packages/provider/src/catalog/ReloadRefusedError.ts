import type { ReloadReport } from '../service/ReloadReport.js';

/**
 * Thrown by `Reloader.reload` when its `accept` refused the generation it built: that generation never went live
 * (its new hosts are closed), and the one serving before keeps serving. `report` says what it would have changed,
 * with its problems.
 */
export class ReloadRefusedError extends Error {
  readonly report: ReloadReport;
  constructor(report: ReloadReport) {
    super(`the reloaded catalog was not put in service (${report.problems.length} problem(s)); the previous one keeps serving`);
    this.name = 'ReloadRefusedError';
    this.report = report;
  }
}
