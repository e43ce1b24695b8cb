import { FakeBus, type Logger } from '@ovos-tools/core';
import { parseProviderConfig, ToolsProvider } from '@ovos-tools/provider';
import { describe, expect, test } from 'vitest';
import { endAfterEach } from './helpers/fakeProvider.js';
import { makePluginRoot, toolboxEntry, toolboxSource } from './helpers/pluginRoot.js';

const ended = endAfterEach();

/** A logger that keeps its warnings. */
function keepingLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, debug() {}, info() {}, error() {}, warn: (m: string) => void warnings.push(m) };
}

describe('names in the config that match nothing installed are warned at every load, naming the name', () => {
  test('toolbox sections, disabled_toolboxes, pinned_toolboxes, toolbox_hosts, tool_timeouts and allowed_packages', async () => {
    const root = ended.track(makePluginRoot());
    root.addPackage('clock-pkg', toolboxEntry('ovos-clock-tools'), { 'index.js': toolboxSource('clock', { now: '() => ({ result: 1 })' }) });
    root.addPackage('other-pkg', toolboxEntry('ovos-other-tools'), { 'index.js': toolboxSource('other', { other: '() => ({ result: 2 })' }) });
    const settings = parseProviderConfig({
      isolation: 'inline',
      federation: false,
      'ovos-clok-tools': { a: 1 },
      'ovos-clock-tools': { a: 1 },
      disabled_toolboxes: ['ovos-gone-tools', 'ovos-other-tools'],
      pinned_toolboxes: ['ovos-clock-tool'],
      toolbox_hosts: { 'ovos-clock-tools': { isolation: 'inline' }, 'no-such-box': {} },
      tool_timeouts: { now: 100, nwo: 100 },
      allowed_packages: ['clock-pkg', 'other-pkg', 'missing-pkg'],
    });
    const logger = keepingLogger();
    const provider = ended.track(new ToolsProvider({ bus: new FakeBus(), pluginRoots: [root.dir], settings, logger, logLevel: 'silent', brain: null }));
    await provider.start();
    const warnings = logger.warnings.filter((w) => w.startsWith('config: '));
    expect(warnings).toEqual([
      "config: a toolbox section names 'ovos-clok-tools', which no installed toolbox has (toolbox sections are named after entry points) (did you mean 'ovos-clock-tools'?)",
      "config: disabled_toolboxes names 'ovos-gone-tools', which no installed toolbox has",
      "config: pinned_toolboxes names 'ovos-clock-tool', which no installed toolbox has (did you mean 'ovos-clock-tools'?)",
      "config: toolbox_hosts names 'no-such-box', which no installed toolbox has",
      "config: tool_timeouts names 'nwo', which no tool served has (did you mean 'now'?)",
      "config: allowed_packages names 'missing-pkg', which is not installed in any plugin root",
    ]);
    // other-pkg is installed (its toolbox disabled): naming it is no warning; the warning names the missing package alone
    expect(logger.warnings.filter((w) => w.includes('missing-pkg'))).toHaveLength(1);
    // and again at the next load
    await provider.reload();
    expect(logger.warnings.filter((w) => w.startsWith('config: '))).toHaveLength(12);
  });
});
