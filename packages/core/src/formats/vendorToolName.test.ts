import { ANTHROPIC_TOOL_NAME, fromMcpToolName, GEMINI_TOOL_NAME, OPENAI_TOOL_NAME, toMcpToolName, TOOL_NAME_PATTERN, VendorNameIndex, vendorToolName } from '@ovos-tools/core';
import { describe, expect, it } from 'vitest';

describe('vendorToolName: names each vendor takes, mapped stably', () => {
  it('keeps a name every vendor takes as it is', () => {
    for (const format of ['ovos', 'mcp', 'openai', 'openai-strict', 'anthropic', 'gemini'] as const) expect(vendorToolName('read_file', format)).toBe('read_file');
  });

  it('maps a name with forbidden characters to a safe, stable, hashed one for OpenAI, Anthropic and Gemini', () => {
    const name = 'ovos.clock/now';
    const mapped = vendorToolName(name, 'openai');
    expect(mapped).toMatch(/^ovos_clock_now_[0-9a-f]{8}$/);
    expect(vendorToolName(name, 'openai')).toBe(mapped);
    expect(vendorToolName(name, 'anthropic')).toBe(mapped);
    expect(vendorToolName(name, 'gemini')).toBe(mapped);
    for (const re of [OPENAI_TOOL_NAME, ANTHROPIC_TOOL_NAME, GEMINI_TOOL_NAME]) expect(mapped).toMatch(re);
    expect(vendorToolName('ovos/clock.now', 'openai')).not.toBe(mapped);
  });

  it('Gemini wants a letter or "_" first: "2fa" is kept for OpenAI, mapped for Gemini', () => {
    expect(TOOL_NAME_PATTERN.test('2fa')).toBe(true);
    expect(vendorToolName('2fa', 'openai')).toBe('2fa');
    expect(vendorToolName('2fa', 'gemini')).toMatch(/^_2fa_[0-9a-f]{8}$/);
    expect(vendorToolName('-x', 'gemini')).toMatch(GEMINI_TOOL_NAME);
  });

  it('cuts long names to the vendor limit, keeping them distinct', () => {
    const a = `${'x'.repeat(70)}a`;
    const b = `${'x'.repeat(70)}b`;
    expect(vendorToolName(a, 'openai')).toHaveLength(64);
    expect(vendorToolName(a, 'openai')).not.toBe(vendorToolName(b, 'openai'));
    expect(vendorToolName('', 'openai')).toMatch(/^tool_[0-9a-f]{8}$/);
    expect(vendorToolName('日本', 'gemini')).toMatch(GEMINI_TOOL_NAME);
  });

  it('MCP names use the reversible escape (dots and other characters as .xxxx)', () => {
    expect(vendorToolName('ovos.clock/now', 'mcp')).toBe('ovos.002eclock.002fnow');
    expect(fromMcpToolName(toMcpToolName('a b.c')!)).toBe('a b.c');
    // a name MCP accepts (SEP-986: [A-Za-z0-9_.-]{1,128}) passes unchanged both ways
    expect(toMcpToolName('projects.list')).toBe('projects.list');
    expect(fromMcpToolName('projects.list')).toBe('projects.list');
    expect(fromMcpToolName('not valid')).toBeUndefined();
  });
});

describe('VendorNameIndex: vendor names back to tool names', () => {
  const names = ['read_file', 'ovos.clock/now', '2fa', 'weird name'];
  const index = new VendorNameIndex(names);

  it('resolves every format’s mapped name, and nothing else', () => {
    for (const name of names) {
      for (const format of ['mcp', 'openai', 'anthropic', 'gemini'] as const) {
        const vendor = vendorToolName(name, format);
        if (vendor !== name) expect(index.resolve(vendor)).toBe(name);
      }
    }
    expect(index.resolve('read_file')).toBeUndefined();
    expect(index.resolve('ovos_clock_now_00000000')).toBeUndefined();
  });

  it('a vendor name two tools would share resolves to neither (a forced hash collision)', () => {
    // Two names that differ only in characters the vendor forbids (so they share the readable part) and whose 32-bit
    // hashes collide, found once by a random search (about 70k draws, the birthday bound).
    const pair: [string, string] = ['x\u98f0\u1304\u6378\u69b9y', 'x\ud9c1\u9f84\u39d9\u6cd9y'];
    const [a, b] = pair;
    const shared = vendorToolName(a, 'openai');
    expect(vendorToolName(b, 'openai')).toBe(shared);
    expect(new VendorNameIndex([a, b]).resolve(shared)).toBeUndefined();
    expect(new VendorNameIndex([a]).resolve(shared)).toBe(a);
  });

  it('a tool whose real name is another tool\'s mapped name: the index still maps it, callers look exact names up first', () => {
    const mapped = vendorToolName('ovos.clock/now', 'openai');
    expect(new VendorNameIndex(['ovos.clock/now', mapped]).resolve(mapped)).toBe('ovos.clock/now');
  });
});
