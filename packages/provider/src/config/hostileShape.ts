import type { ConfigIssue } from './ConfigIssue.js';

/**
 * Keys a config file may not hold at any level: written by `JSON.parse` as own keys, they become the prototype of
 * the object they are copied into (`Object.assign`, `obj[key] = value`), so `{"__proto__": {"ovos-shell-tools":
 * {"allow_shell": true}}}` would hand a toolbox a section nobody sees in the file.
 */
export const PROTOTYPE_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/**
 * How deep a config file may nest (objects and lists, the top level being 1). The provider's own keys nest at most
 * 5 deep (`agents.<id>.credential.sha256`); toolbox sections get room for their own. Deeper is refused before any
 * other walk, so no recursive check can overflow the stack.
 */
export const MAX_CONFIG_DEPTH = 32;

/**
 * The problems of a config value no parser should walk: a key of {@link PROTOTYPE_KEYS} anywhere, or nesting deeper
 * than {@link MAX_CONFIG_DEPTH}. One issue per such key (by its dotted path) and one for the first place too deep
 * (its subtree is not walked). Iterative, so any depth is safe; never throws.
 * @param value - the parsed config section (or a whole file), untrusted.
 */
export function hostileShape(value: unknown, maxDepth = MAX_CONFIG_DEPTH): ConfigIssue[] {
  const out: ConfigIssue[] = [];
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: '', depth: 1 }];
  let tooDeep = false;
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > maxDepth) {
      if (!tooDeep) out.push(depthIssue(path, maxDepth));
      tooDeep = true;
      continue;
    }
    if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ v: item, path: `${path}[${i}]`, depth: depth + 1 }));
      continue;
    }
    for (const key of Object.keys(v)) {
      const at = path ? `${path}.${key}` : key;
      if (PROTOTYPE_KEYS.includes(key)) out.push(prototypeIssue(at, key));
      else stack.push({ v: (v as Record<string, unknown>)[key], path: at, depth: depth + 1 });
    }
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function prototypeIssue(path: string, key: string): ConfigIssue {
  return {
    path,
    keyword: 'prototypeKey',
    message: `the key "${key}" is refused at any level (it would change what objects inherit, e.g. hand a toolbox a section nobody sees); remove it`,
  };
}

function depthIssue(path: string, maxDepth: number): ConfigIssue {
  return {
    path: path || '(section)',
    keyword: 'maxDepth',
    message: `nests deeper than ${maxDepth} levels (the config depth limit); no provider or toolbox key needs that, so the file is refused`,
  };
}
