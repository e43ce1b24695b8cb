import type { ToolboxHost, ToolDescriptor } from '@ovos-tools/core';
import { describe, expect, test } from 'vitest';
import type { ToolboxOrigin } from '../service/ToolboxStatus.js';
import { ORIGIN_PRECEDENCE, RegistryGeneration, type HostedToolbox } from './RegistryGeneration.js';

const tool = (name: string): ToolDescriptor => ({ name, description: name, argumentSchema: { type: 'object' }, outputSchema: { type: 'object' } });

/** A hosted toolbox of `origin` serving `names` (its host only describes itself). */
function hosted(toolboxId: string, origin: ToolboxOrigin, names: string[]): HostedToolbox {
  const host = { kind: 'inline', toolboxId, describe: () => ({ toolboxId, tools: names.map(tool) }) } as unknown as ToolboxHost;
  return { host, source: toolboxId, packageName: toolboxId, fingerprint: toolboxId, origin };
}

describe('RegistryGeneration: one collision rule', () => {
  test('bundled > pinned > plugin > mounted > remote, whatever the load order; the others are shadowed by the winner', () => {
    const order: ToolboxOrigin[] = ['remote', 'mounted', 'plugin', 'pinned', 'bundled'];
    expect(order.map((o) => ORIGIN_PRECEDENCE[o])).toEqual([0, 1, 2, 3, 4]);
    for (let drop = 0; drop < order.length; drop++) {
      const toolboxes = order.slice(0, order.length - drop).map((o) => hosted(`tb-${o}`, o, ['read_file']));
      for (const arrangement of [toolboxes, [...toolboxes].reverse()]) {
        const g = new RegistryGeneration(1, arrangement, []);
        const winner = `tb-${order[order.length - drop - 1]}`;
        expect(g.lookup('read_file')?.toolboxId).toBe(winner);
        for (const e of g.entries) expect(e.shadowedBy).toBe(e.toolboxId === winner ? undefined : winner);
        for (const t of arrangement) expect(g.lookup('read_file', t.host.toolboxId)?.toolboxId).toBe(t.host.toolboxId);
      }
    }
  });

  test('among equals the last loaded wins, as OVOS; a name served once is not shadowed', () => {
    const g = new RegistryGeneration(1, [hosted('first', 'plugin', ['shared', 'only_first']), hosted('second', 'plugin', ['shared'])], []);
    expect(g.lookup('shared')?.toolboxId).toBe('second');
    expect(g.collisions).toEqual([{ name: 'shared', toolboxIds: ['first', 'second'], winner: 'second' }]);
    expect(g.entries.map((e) => [e.toolboxId, e.tool.name, e.shadowedBy])).toEqual([
      ['first', 'shared', 'second'],
      ['first', 'only_first', undefined],
      ['second', 'shared', undefined],
    ]);
  });
});
