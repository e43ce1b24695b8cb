import { configIssueText, type ConfigIssue } from './ConfigIssue.js';

/**
 * Thrown when the provider config cannot be read or is invalid; carries every problem at once, as data
 * (`issues`) and as the printed lines (`problems`). The CLI prints each line and exits 2; a reload keeps the
 * running config and reports them.
 */
export class ProviderConfigError extends Error {
  readonly code = 'invalid_config';
  /** One line per problem: `provider config '<key>': <what was expected>, received <value>` (or the file error). */
  readonly problems: string[];
  /** The same problems as data: path, keyword, message and the suggestion when there is one. */
  readonly issues: ConfigIssue[];
  /** @param problems - the issues, or (for callers that only have text) their printed lines. */
  constructor(problems: readonly (ConfigIssue | string)[]) {
    const issues = problems.map((p) => (typeof p === 'string' ? { path: '(file)', keyword: 'file', message: p } : p));
    const lines = issues.map(configIssueText);
    super(lines.join('; '));
    this.name = 'ProviderConfigError';
    this.issues = issues;
    this.problems = lines;
  }
}
