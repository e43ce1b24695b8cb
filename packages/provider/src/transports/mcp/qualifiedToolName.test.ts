import { describe, expect, test } from 'vitest';
import { fromQualifiedMcpToolName, toQualifiedMcpToolName } from './qualifiedToolName.js';

describe('qualified MCP tool names <toolbox_id>__<name>', () => {
  const served = new Set(['fs/read_file', 'my__box/x__y', 'ovos-http-tools/projects.list', 'odd/a b.c']);
  const serves = (id: string, name: string) => served.has(`${id}/${name}`);

  test('round trip for every served pair, ids and names with __ or escaped characters included', () => {
    for (const pair of served) {
      const [id, name] = pair.split('/') as [string, string];
      const q = toQualifiedMcpToolName(id, name)!;
      expect(q).toMatch(/^[A-Za-z0-9_.-]{1,128}$/);
      expect(fromQualifiedMcpToolName(q, serves)).toEqual({ toolboxId: id, name });
    }
    expect(toQualifiedMcpToolName('fs', 'read_file')).toBe('fs__read_file');
    // a name MCP accepts passes unchanged inside a qualified name too; another is escaped
    expect(toQualifiedMcpToolName('ovos-http-tools', 'projects.list')).toBe('ovos-http-tools__projects.list');
    expect(toQualifiedMcpToolName('odd', 'a b.c')).toBe('odd__a.0020b.002ec');
  });

  test('a split that names no served tool is not a qualified name; too long is undefined', () => {
    expect(fromQualifiedMcpToolName('fs__write_file', serves)).toBeUndefined();
    expect(fromQualifiedMcpToolName('read_file', serves)).toBeUndefined();
    expect(fromQualifiedMcpToolName('__read_file', serves)).toBeUndefined();
    expect(toQualifiedMcpToolName('a'.repeat(100), 'b'.repeat(40))).toBeUndefined();
  });
});
