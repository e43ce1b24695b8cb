/**
 * One thing a conversion to a vendor format could not carry over as it was: what was dropped, relaxed, rewritten
 * or renamed, where, and which vendor rule made it necessary. The provider validates every call against the
 * tool's original schema whatever the notes say, so a relaxation lets the model send something the tool refuses;
 * it never lets the tool accept more.
 */
export interface FormatNote {
  /**
   * Where, as a JSON Pointer into the tool as `ovos.tools.get` shows it: `/name`,
   * `/argument_schema/properties/when/format`, `/output_schema`.
   */
  path: string;
  /**
   * `dropped`: a keyword the vendor does not take was removed (its value is appended to the description, so the
   * model still reads it); `relaxed`: the schema now admits more than the tool accepts; `rewritten`: the same
   * meaning in the vendor's syntax (lossless); `narrowed`: the vendor cannot express part of what the tool accepts,
   * so the model can no longer send it; `renamed`: the tool name was mapped to one the vendor accepts.
   */
  action: 'dropped' | 'relaxed' | 'rewritten' | 'narrowed' | 'renamed';
  /** What changed, e.g. `format: "uri"` or `ovos.clock/now → ovos_clock_now_1a2b3c4d`. */
  what: string;
  /** Why: the vendor rule, e.g. `Gemini takes no $ref: definitions are inlined`. */
  why: string;
}
