/**
 * A vendor rule a tool definition breaks: which rule (an id such as `anthropic.input-schema.top-level`), where (a JSON
 * Pointer into the definition) and what is wrong. Each rule cites the vendor document it comes from beside its check.
 */
export interface RuleViolation {
  /** The rule id: `<format>.<rule>`, e.g. `openai.array-items`. */
  rule: string;
  /** A JSON Pointer into the definition, e.g. `/function/parameters/properties/tags`. */
  path: string;
  /** What is wrong, e.g. `array schema missing items`. */
  message: string;
}

/** Collects violations for one definition. */
export class Violations {
  readonly list: RuleViolation[] = [];
  add(rule: string, path: string, message: string): void {
    this.list.push({ rule, path, message });
  }
}
