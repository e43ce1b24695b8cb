/**
 * Progress a tool reports while it runs (`ctx.progress(...)`), forwarded to callers that asked for it — as MCP
 * `notifications/progress` — as `progress` of `total` (when known) with an optional message.
 */
export interface ToolProgress {
  /** How far along, in the tool's own units; increases with every report. */
  progress: number;
  /** The value `progress` reaches when done, when known. */
  total?: number;
  /** A short human-readable status, e.g. `page 3 of 10`. */
  message?: string;
}
