import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { busUrl, defaultMycroftConfPaths, isLoopbackHost, loadMessageBusConfig } from '@ovos-tools/messagebus';
import { captureLogger } from './helpers.js';

const dirs: string[] = [];
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

function conf(content: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'ovos-mb-conf-'));
  dirs.push(dir);
  const path = join(dir, 'mycroft.conf');
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('loadMessageBusConfig', () => {
  it('returns the OVOS defaults (but an 8 MiB frame limit) when no file exists', () => {
    expect(loadMessageBusConfig({ paths: ['/nonexistent/mycroft.conf'] })).toEqual({
      host: '127.0.0.1',
      port: 8181,
      route: '/core',
      ssl: false,
      maxMsgSizeMiB: 8,
    });
  });

  it('reads the websocket section, later files overriding earlier ones key by key', () => {
    const system = conf({ websocket: { host: '0.0.0.0', port: 8181, route: '/core', ssl: false, max_msg_size: 25 }, lang: 'en-us' });
    const user = conf({ websocket: { port: 9191, route: 'bus', ssl: true, max_msg_size: 50 } });
    expect(loadMessageBusConfig({ paths: [system, user] })).toEqual({
      host: '0.0.0.0',
      port: 9191,
      route: '/bus',
      ssl: true,
      maxMsgSizeMiB: 50,
    });
  });

  it('ignores whole-line // comments, and warns about (then skips) broken files and bad values', () => {
    const commented = conf('{\n  // the bus\n  "websocket": {"port": 1234}\n}');
    const broken = conf('{"websocket": {"port": 1,}');
    const bad = conf({ websocket: { port: 'abc', host: 5, ssl: 'yes', max_msg_size: -1, route: 3 } });
    const logger = captureLogger();
    const cfg = loadMessageBusConfig({ paths: [commented, broken, bad], logger });
    expect(cfg.port).toBe(1234);
    expect(cfg.host).toBe('127.0.0.1');
    const warnings = logger.lines.filter((l) => l.level === 'warn').map((l) => l.message);
    expect(warnings).toHaveLength(6);
    expect(warnings[0]).toMatch(/not valid JSON/);
    expect(warnings.some((w) => w.includes('websocket.port') && w.includes('"abc"'))).toBe(true);
  });

  it('finds the system file and the XDG user file by default', () => {
    const home = mkdtempSync(join(tmpdir(), 'ovos-mb-home-'));
    dirs.push(home);
    const system = conf({ websocket: { port: 1111, host: 'sys' } });
    mkdirSync(join(home, 'xdg', 'mycroft'), { recursive: true });
    writeFileSync(join(home, 'xdg', 'mycroft', 'mycroft.conf'), JSON.stringify({ websocket: { port: 2222 } }));
    const env = { MYCROFT_SYSTEM_CONFIG: system, XDG_CONFIG_HOME: join(home, 'xdg') };
    expect(defaultMycroftConfPaths(env)).toEqual([system, join(home, 'xdg', 'mycroft', 'mycroft.conf')]);
    expect(loadMessageBusConfig({ env })).toMatchObject({ host: 'sys', port: 2222 });
    expect(defaultMycroftConfPaths({ HOME: '/home/u' })).toEqual(['/etc/mycroft/mycroft.conf', '/home/u/.config/mycroft/mycroft.conf']);
  });
});

describe('the shared secret in the bus config', () => {
  it('comes from websocket.shared_secret, overridden by OVOS_TOOLS_BUS_SECRET; a bad value is ignored with a warning', () => {
    const file = conf({ websocket: { shared_secret: 'from-file' } });
    expect(loadMessageBusConfig({ paths: [file], env: {} }).secret).toBe('from-file');
    expect(loadMessageBusConfig({ paths: [file], env: { OVOS_TOOLS_BUS_SECRET: 'from-env' } }).secret).toBe('from-env');
    expect(loadMessageBusConfig({ paths: [], env: {} }).secret).toBeUndefined();
    const warnings: string[] = [];
    const logger = { debug() {}, info() {}, warn: (m: string) => void warnings.push(m), error() {} };
    expect(loadMessageBusConfig({ paths: [conf({ websocket: { shared_secret: 42 } })], env: {}, logger }).secret).toBeUndefined();
    expect(warnings).toEqual([expect.stringContaining('ignoring websocket.shared_secret')]);
  });
});

describe('isLoopbackHost', () => {
  it.each([
    ['127.0.0.1', true], ['127.9.9.9', true], ['localhost', true], ['LOCALHOST.', true], ['::1', true], ['[::1]', true],
    ['::ffff:127.0.0.1', true], ['0.0.0.0', false], ['::', false], ['10.0.0.1', false], ['192.168.1.2', false],
    ['mybox.lan', false], ['localhost.evil.example', false], ['::ffff:10.0.0.1', false],
    ['[::ffff:127.0.0.1]', true], ['[::ffff:7f00:1]', true], ['0:0:0:0:0:0:0:1', true], ['127.1', true], ['0x7f000001', true], ['2130706433', true],
    ['127.0.0.1.evil.example', false], ['[::ffff:7f00:1]x', false], ['', false],
  ])('%s → %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });
});

describe('busUrl', () => {
  it('builds ws(s)://host:port/route like ovos-bus-client', () => {
    expect(busUrl()).toBe('ws://127.0.0.1:8181/core');
    expect(busUrl({ host: 'h', port: 1, route: '/r', ssl: true })).toBe('wss://h:1/r');
    expect(busUrl({ host: '::1', route: 'core' })).toBe('ws://[::1]:8181/core');
    expect(busUrl(loadMessageBusConfig({ paths: [] }))).toBe('ws://127.0.0.1:8181/core');
  });
});
