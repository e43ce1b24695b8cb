import { defineTool, Type, type AgentTool, type ChatEngine, type ChatMessage } from '@ovos-tools/core';
import type { SkillMDEntry } from '../types.js';

/** The error a skill tool throws when no chat engine is set (OVOS `SkillMDToolBox._invoke_skill`, verbatim). */
export const NO_BRAIN_MESSAGE = 'SkillMDToolBox: brain ChatEngine is not configured. Call set_brain() before invoking tools.';

/** Appended to every skill tool's description while no chat engine is set. */
export const UNAVAILABLE_SUFFIX = " (unavailable: no chat engine configured — set the provider's brain config)";

/** Arguments of every skill tool (OVOS `SkillCallArgs`). */
export const SkillCallArgs = Type.Object(
  {
    task: Type.String({ description: 'Free-text instruction for the skill' }),
    context: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'Additional context or constraints', default: null })),
  },
  { title: 'SkillCallArgs' },
);

/** Output of every skill tool (OVOS `SkillCallOutput`). */
export const SkillCallOutput = Type.Object(
  {
    result: Type.String({ description: 'Natural-language response from the sub-LLM' }),
    skill_used: Type.String({ description: 'The SKILL.md name field of the invoked skill' }),
  },
  { title: 'SkillCallOutput' },
);

/**
 * The user message of a skill call: `task`, or `"<task>\n\nContext: <context>"` when a non-empty context is
 * given (OVOS tests `if args.context`, so `""` and `null` both mean "no context").
 */
export function skillUserContent(task: string, context?: string | null): string {
  return context ? `${task}\n\nContext: ${context}` : task;
}

/**
 * Builds the tool for one skill (OVOS `SkillMDToolBox._make_tool` + `_invoke_skill`): it sends
 * `[{role:'system', content: skill body}, {role:'user', content: skillUserContent(task, context)}]` to the
 * chat engine `getBrain()` returns at call time, passing the call's AbortSignal, and answers
 * `{result: <reply content>, skill_used: <frontmatter name>}`.
 *
 * @param toolName - the slug (see `slugifySkillName`).
 * @param available - whether a brain is set now; when not, the description says the tool is unavailable.
 * @throws (from the tool call) `Error(NO_BRAIN_MESSAGE)` when no brain is set, which core reports as
 *   `RuntimeError: Tool execution failed for '<tool>' in ToolBox '<id>'`; whatever the engine throws;
 *   an Error when the engine's reply has no string `content`.
 */
export function createSkillTool(entry: SkillMDEntry, toolName: string, getBrain: () => ChatEngine | null, available: boolean): AgentTool {
  return defineTool({
    name: toolName,
    description: available ? entry.description : entry.description + UNAVAILABLE_SUFFIX,
    argumentSchema: SkillCallArgs,
    outputSchema: SkillCallOutput,
    tags: ['skill-md', 'llm'],
    openWorld: true,
    errorModes: 'Fails with "RuntimeError: Tool execution failed" when no chat engine is configured or the model call fails.',
    async toolCall(args, ctx) {
      const brain = getBrain();
      if (!brain) throw new Error(NO_BRAIN_MESSAGE);
      const messages: ChatMessage[] = [
        { role: 'system', content: entry.body },
        { role: 'user', content: skillUserContent(args.task, args.context) },
      ];
      const reply = await brain.continueChat(messages, { signal: ctx.signal });
      if (typeof reply?.content !== 'string') {
        throw new Error(`SkillMDToolBox: the chat engine returned no text content for skill '${entry.name}'`);
      }
      return { result: reply.content, skill_used: entry.name };
    },
  });
}
