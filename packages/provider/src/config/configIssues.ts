import type { ConfigProblem } from '@ovos-tools/core/node';
import type { ConfigIssue } from './ConfigIssue.js';

const DID_YOU_MEAN = /did you mean '([^']+)'\?/;

/** A {@link ConfigIssue} from the toolbox kit's `{key, message}`; the key meant (`did you mean 'x'?`) becomes the suggestion. */
export function fromProblem(p: ConfigProblem, keyword: string): ConfigIssue {
  const near = DID_YOU_MEAN.exec(p.message)?.[1];
  return { path: p.key, keyword: near !== undefined ? 'unknownKey' : keyword, message: p.message, ...(near !== undefined ? { suggestion: near } : {}) };
}

/**
 * Every mistake once: a misspelt key (`agents.a.tool`, did you mean `agents.a.tools`?) also leaves the key meant
 * missing or unread, which the features' checks report again (`agents.a.tools: expected a list of rules`,
 * `agents.a: needs a credential`). Those echoes are dropped: a problem at the key meant (or under it), or at its
 * parent naming it; so is a line repeated word for word.
 */
export function onePerMistake(issues: readonly ConfigIssue[]): ConfigIssue[] {
  const meant = issues.filter((i) => i.keyword === 'unknownKey' && i.suggestion !== undefined).map((i) => i.suggestion!);
  const echo = (i: ConfigIssue) =>
    i.keyword !== 'unknownKey' &&
    meant.some((m) => {
      if (i.path === m || i.path.startsWith(`${m}.`) || i.path.startsWith(`${m}[`)) return true;
      const dot = m.lastIndexOf('.');
      return dot > 0 && i.path === m.slice(0, dot) && new RegExp(`\\b${escape(m.slice(dot + 1))}\\b`).test(i.message);
    });
  const seen = new Set<string>();
  return issues.filter((i) => {
    const key = `${i.path}\u0000${i.message}`;
    if (echo(i) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
