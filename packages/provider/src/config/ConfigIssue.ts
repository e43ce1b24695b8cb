/**
 * One problem of the provider config, as data until the CLI prints it (issue 44): where, which rule, what is wrong
 * and, when known, what to type instead. `configIssueText` gives the one printed form,
 * `provider config '<path>': <message>`.
 */
export interface ConfigIssue {
  /** The key's dotted path as written (`result_store.max_bytes`, `agents.ops.tools[2]`); `(file)` or `(section)` for the whole. */
  path: string;
  /**
   * The rule broken: `schema` (the value against its key's schema, in the schema's words), or one of the provider's own:
   * `unknownKey`, `setElsewhere`, `prototypeKey`, `maxDepth`, `type` (the section is no object), `crossField` (a rule
   * across keys), `duplicateCredential`, `env` (a variable the config names), `misspeltName`, `file`.
   */
  keyword: string;
  /** What is wrong and what was expected, e.g. `must be >= 1, received 0` or `unknown key; did you mean 'x'?`. */
  message: string;
  /** What to type instead, when one thing is meant (the nearest key, the installed name, the CLI option). */
  suggestion?: string;
}

/** The printed form of a {@link ConfigIssue}: `provider config '<path>': <message>` (the toolbox kit's one style). */
export function configIssueText(issue: ConfigIssue): string {
  return issue.keyword === 'file' ? issue.message : `provider config '${issue.path}': ${issue.message}`;
}
