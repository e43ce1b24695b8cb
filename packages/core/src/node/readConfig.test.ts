import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { configProblem, configProblemText, readConfig } from './index.js';

const Schema = Type.Object({
  max_bytes: Type.Integer({ minimum: 1, maximum: 1000, default: 100, description: 'bytes' }),
  ratio: Type.Number({ exclusiveMinimum: 0, default: 0.5 }),
  enabled: Type.Boolean({ default: false }),
  hosts: Type.Array(Type.String(), { default: ['a'] }),
  paths: Type.Optional(Type.Union([Type.String({ minLength: 1 }), Type.Array(Type.String({ minLength: 1 }), { minItems: 1 })])),
  mode: Type.Enum(['auto', 'bwrap', 'none'], { default: 'auto' }),
});

describe('readConfig (@ovos-tools/core/node)', () => {
  it('gives every missing or null key its default, a copy each time, and ignores unknown keys', () => {
    const a = readConfig(Schema, { max_bytes: null, other: 1 });
    expect(a).toEqual({ config: { max_bytes: 100, ratio: 0.5, enabled: false, hosts: ['a'], mode: 'auto' }, problems: [] });
    expect('paths' in a.config).toBe(false);
    a.config.hosts.push('changed');
    expect(readConfig(Schema, {}).config.hosts).toEqual(['a']);
    for (const empty of [undefined, null]) expect(readConfig(Schema, empty)).toEqual(readConfig(Schema, {}));
  });

  it('reads a section that is not an object as {} and says so', () => {
    for (const [raw, received] of [[5, '5'], [[1], '[1]'], ['x', '"x"']] as const) {
      const { config, problems } = readConfig(Schema, raw);
      expect(config).toEqual(readConfig(Schema, {}).config);
      expect(problems).toEqual([{ key: '(section)', message: `must be object, received ${received}` }]);
    }
  });

  it('a value of the wrong type keeps the default and adds one problem naming the key', () => {
    const { config, problems } = readConfig(Schema, { max_bytes: 'lots', enabled: 'maybe', hosts: 'x', ratio: 2 });
    expect(config).toMatchObject({ max_bytes: 100, enabled: false, hosts: ['a'], ratio: 2 });
    expect(problems).toEqual([
      { key: 'max_bytes', message: 'must be integer, received "lots"' },
      { key: 'enabled', message: 'must be boolean, received "maybe"' },
      { key: 'hosts', message: 'must be array, received "x"' },
    ]);
  });

  it('coerces numeric and boolean strings like pydantic lax mode', () => {
    const { config, problems } = readConfig(Schema, { max_bytes: ' 42 ', ratio: '2.5', enabled: 'yes' });
    expect(problems).toEqual([]);
    expect(config).toMatchObject({ max_bytes: 42, ratio: 2.5, enabled: true });
    for (const [text, value] of [['true', true], ['on', true], ['1', true], ['false', false], ['no', false], ['off', false], ['0', false]] as const) {
      expect(readConfig(Schema, { enabled: text }).config.enabled).toBe(value);
    }
    expect(readConfig(Schema, { max_bytes: '3.5' }).problems).toEqual([{ key: 'max_bytes', message: 'must be integer, received "3.5"' }]);
  });

  it('checks minimum, maximum, exclusiveMinimum and enum, falling back to the default', () => {
    const { config, problems } = readConfig(Schema, { max_bytes: 0, ratio: 0, mode: 'docker' });
    expect(config).toMatchObject({ max_bytes: 100, ratio: 0.5, mode: 'auto' });
    expect(problems).toEqual([
      { key: 'max_bytes', message: 'must be >= 1, received 0' },
      { key: 'ratio', message: 'must be > 0, received 0' },
      { key: 'mode', message: 'must be "auto", "bwrap" or "none", received "docker"' },
    ]);
    expect(readConfig(Schema, { max_bytes: 1001 }).problems).toEqual([{ key: 'max_bytes', message: 'must be <= 1000, received 1001' }]);
    expect(readConfig(Schema, { max_bytes: 1000 }).config.max_bytes).toBe(1000);
  });

  it('words union and list problems by what the value broke', () => {
    const read = (paths: unknown) => readConfig(Schema, { paths }).problems;
    expect(read(42)).toEqual([{ key: 'paths', message: 'must be string or array, received 42' }]);
    expect(read([])).toEqual([{ key: 'paths', message: 'must not have fewer than 1 items, received []' }]);
    expect(read(['a', ''])).toEqual([{ key: 'paths', message: '[1] must not have fewer than 1 characters, received ""' }]);
    expect(readConfig(Schema, { hosts: ['ok', 7] }).problems).toEqual([{ key: 'hosts', message: '[1] must be string, received 7' }]);
    expect(readConfig(Schema, { paths: 'one' }).config.paths).toBe('one');
  });

  it('problem texts: one style for every toolbox', () => {
    const [p] = readConfig(Schema, { max_bytes: 'x' }).problems;
    expect(configProblemText('ovos-web-search-tools', p!)).toBe(`ovos-web-search-tools config 'max_bytes': must be integer, received "x"`);
    expect(configProblem('ddg_url', 'must be an http(s) URL', 'ftp://x')).toEqual({ key: 'ddg_url', message: 'must be an http(s) URL, received "ftp://x"' });
    expect(configProblem('k', 'must be set', undefined).message).toBe('must be set, received nothing');
    expect(configProblem('k', 'must be short', 'x'.repeat(100)).message).toMatch(/received "x{56}\.\.\.$/);
  });

  it('never throws, whatever the section holds', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const raw of [cyclic, { hosts: [cyclic] }, { max_bytes: Symbol('s') }, { max_bytes: 10n }, Object.create(null), { __proto__: { max_bytes: 5 } }]) {
      expect(() => readConfig(Schema, raw)).not.toThrow();
    }
    expect(readConfig(Schema, { __proto__: { max_bytes: 5 } }).config.max_bytes).toBe(100); // inherited keys are not config
  });
});
