import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUT_MS, readConfig } from '../src/config.js';

describe('config', () => {
  it('timeout_ms: a positive number of ms up to 10 minutes; anything else falls back silently to 5000', () => {
    expect(readConfig(undefined).timeoutMs).toBe(DEFAULT_TIMEOUT_MS);
    expect(readConfig({}).timeoutMs).toBe(5000);
    expect(readConfig({ timeout_ms: 250 }).timeoutMs).toBe(250);
    expect(readConfig({ timeout_ms: '2500' }).timeoutMs).toBe(2500);
    expect(readConfig({ timeout_ms: 600_000 }).timeoutMs).toBe(600_000);
    for (const bad of [0, -1, 600_001, Number.NaN, Infinity, 'soon', null, [100]]) expect(readConfig({ timeout_ms: bad }).timeoutMs).toBe(5000);
  });
});
