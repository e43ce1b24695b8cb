/** The step at which a toolbox failed to load. */
export type LoadPhase = 'import' | 'export' | 'contract' | 'construct' | 'discover';

/**
 * One toolbox that could not be loaded; the provider logs it, reports it in reload responses and loads the
 * rest. `message` names the entry point, package and what was wrong; `cause` keeps the original error.
 */
export class ToolboxLoadError extends Error {
  readonly code = 'toolbox_load_failed';
  readonly entryPointName: string;
  readonly packageName: string;
  readonly phase: LoadPhase;

  constructor(entryPointName: string, packageName: string, phase: LoadPhase, detail: string, cause?: unknown) {
    super(`toolbox "${entryPointName}" (${packageName}) failed to ${PHASE_TEXT[phase]}: ${detail}`, cause === undefined ? undefined : { cause });
    this.name = 'ToolboxLoadError';
    this.entryPointName = entryPointName;
    this.packageName = packageName;
    this.phase = phase;
  }
}

const PHASE_TEXT: Record<LoadPhase, string> = {
  import: 'import',
  export: 'export its class',
  contract: 'meet the toolbox contract',
  construct: 'construct',
  discover: 'discover its tools',
};
