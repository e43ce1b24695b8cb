/**
 * Progress a tool reports while it runs (`ctx.progress(...)`), forwarded to callers that asked for it — as MCP
 * `notifications/progress` — as `progress` of `total` (when known) with an optional message.
 */
export interface ToolProgress {
  progress: number;
  total?: number;
  message?: string;
}
