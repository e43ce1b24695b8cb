import { silentLogger, type Logger } from '@ovos-tools/core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ENV_ALLOWLIST, DEFAULT_MAX_OUTPUT_BYTES, DEFAULT_MAX_TIMEOUT, readShellConfig } from '../src/config.js';

/** readShellConfig with a logger that records its warnings. */
function read(raw: Record<string, unknown>) {
  const warnings: string[] = [];
  const logger = { ...silentLogger, warn: (m: string) => warnings.push(m) } as Logger;
  return { config: readShellConfig(raw, logger), warnings };
}

describe('readShellConfig', () => {
  it('defaults: the shell off, every command allowed once on, the default workspace and env allowlist', () => {
    const { config, warnings } = read({});
    expect(warnings).toEqual([]);
    expect(config).toMatchObject({
      allowShell: false,
      maxTimeout: DEFAULT_MAX_TIMEOUT,
      allowedCommands: [],
      allowRedirections: false,
      strictSyntax: false,
      maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES,
      envAllowlist: DEFAULT_ENV_ALLOWLIST,
      rootIsDefault: true,
      sandbox: 'auto',
    });
  });

  it('reads valid values, coercing boolean and numeric strings', () => {
    const { config, warnings } = read({ allow_shell: 'yes', max_timeout: '2.5', allowed_commands: ['ls -1', ' cat '], max_output_bytes: 100.7, root_path: '/srv/x', sandbox: 'none' });
    expect(warnings).toEqual([]);
    expect(config).toMatchObject({ allowShell: true, maxTimeout: 2.5, allowedCommands: [['ls', '-1'], ['cat']], maxOutputBytes: 100, rootPath: '/srv/x', rootIsDefault: false, sandbox: 'none' });
    expect(read({ allowed_commands: 'ls' }).config.allowedCommands).toEqual([['ls']]);
  });

  it('wrong values fall back to the safe setting, one warning each, naming the key', () => {
    const { config, warnings } = read({ allow_shell: 'banana', max_timeout: 0, strict_syntax: 2, root_path: 5, sandbox: 'docker', env_allowlist: 'PATH' });
    expect(config).toMatchObject({ allowShell: false, maxTimeout: DEFAULT_MAX_TIMEOUT, strictSyntax: false, rootIsDefault: true, sandbox: 'auto', envAllowlist: DEFAULT_ENV_ALLOWLIST });
    expect(warnings).toEqual([
      `ovos-shell-tools config 'allow_shell': must be boolean, received "banana"`,
      `ovos-shell-tools config 'max_timeout': must be > 0, received 0`,
      `ovos-shell-tools config 'strict_syntax': must be boolean, received 2`,
      `ovos-shell-tools config 'env_allowlist': must be array, received "PATH"`,
      `ovos-shell-tools config 'root_path': must be string, received 5`,
      `ovos-shell-tools config 'sandbox': must be "auto", "bwrap" or "none", received "docker"`,
    ]);
  });

  it('a malformed allowed_commands refuses every command (null), never allows them all', () => {
    for (const bad of [42, { ls: true }, ['ls', 5], [''], '  ']) {
      const { config, warnings } = read({ allow_shell: true, allowed_commands: bad });
      expect(config.allowedCommands).toBeNull();
      expect(warnings.at(-1)).toMatch(/^ovos-shell-tools config 'allowed_commands': .*every command is refused until it is fixed$/);
    }
    expect(read({ allowed_commands: 42 }).warnings).toEqual([
      `ovos-shell-tools config 'allowed_commands': must be string or array, received 42; every command is refused until it is fixed`,
    ]);
    const blank = read({ allowed_commands: ['ls', ' '] });
    expect(blank.config.allowedCommands).toEqual([['ls']]);
    expect(blank.warnings).toEqual([`ovos-shell-tools config 'allowed_commands': [1] must name a command (the entry is ignored), received " "`]);
  });

  it('env_allowlist keeps only variable names and says which entries it dropped', () => {
    const { config, warnings } = read({ env_allowlist: ['PATH', 'LD PRELOAD', 7, 'MY_VAR'] });
    expect(config.envAllowlist).toEqual(['PATH', 'MY_VAR']);
    expect(warnings).toEqual([
      `ovos-shell-tools config 'env_allowlist': [1] must be an environment variable name (the entry is ignored), received "LD PRELOAD"`,
      `ovos-shell-tools config 'env_allowlist': [2] must be an environment variable name (the entry is ignored), received 7`,
    ]);
  });
});
