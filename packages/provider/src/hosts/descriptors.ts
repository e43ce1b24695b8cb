import { plainSchema, type ToolDescriptor, type ToolLike } from '@ovos-tools/core';

/**
 * A tool's descriptor: its contract and metadata as plain, structured-clone-safe data (schemas as plain JSON
 * Schema, no `toolCall`), so it can cross a worker or process boundary and be cached.
 */
export function toDescriptor(tool: ToolLike & { title?: string }): ToolDescriptor {
  const d: ToolDescriptor = {
    name: tool.name,
    description: tool.description,
    argumentSchema: plainSchema(tool.argumentSchema),
    outputSchema: plainSchema(tool.outputSchema),
  };
  if (tool.title !== undefined) d.title = tool.title;
  if (tool.summary !== undefined) d.summary = tool.summary;
  if (tool.tags !== undefined) d.tags = [...tool.tags];
  if (tool.examples !== undefined) d.examples = structuredClone([...tool.examples]);
  if (tool.readOnly !== undefined) d.readOnly = tool.readOnly;
  if (tool.destructive !== undefined) d.destructive = tool.destructive;
  if (tool.idempotent !== undefined) d.idempotent = tool.idempotent;
  if (tool.openWorld !== undefined) d.openWorld = tool.openWorld;
  if (tool.errorModes !== undefined) d.errorModes = tool.errorModes;
  if (tool.timeoutMs !== undefined) d.timeoutMs = tool.timeoutMs;
  if (tool.confirmation !== undefined) d.confirmation = typeof tool.confirmation === 'string' ? tool.confirmation : { ...tool.confirmation };
  return d;
}
