/** A value a log line may print bare: no space, quote, `=`, backslash or control character (logfmt's bare value). */
const BARE = /^[\w.:/@+,;!?*()[\]{}<>|~^$%&#'-]+$/;

/**
 * One `key=value` field of a log line, in logfmt: the value bare when it is safe, else as a JSON string (quoted, with
 * `"`, `\`, line breaks and control characters escaped), so a value a caller chose (a tool id, a path, an agent id)
 * can never forge another field or another line: `tool_id` `nope agent=agent:pm` logs `tool="nope agent=agent:pm"`.
 * `undefined` and `''` log as `-`.
 */
export function logField(key: string, value: string | number | undefined): string {
  if (value === undefined || value === '') return `${key}=-`;
  const text = String(value);
  return BARE.test(text) ? `${key}=${text}` : `${key}=${JSON.stringify(text)}`;
}
