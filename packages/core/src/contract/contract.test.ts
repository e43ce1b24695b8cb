import * as contract from '@ovos-tools/core/contract';
import * as testing from '@ovos-tools/core/testing';
import { defineTool, HOST_SOURCE_BRAND, ToolBox, Type } from '@ovos-tools/core';
import { describe, expect, it } from 'vitest';

class Echo extends ToolBox {
  static override toolboxId = 'echo';
  discoverTools() {
    return [
      defineTool({
        name: 'echo',
        description: 'Echo a text.',
        argumentSchema: Type.Object({ text: Type.String() }),
        outputSchema: Type.Object({ text: Type.String() }),
        toolCall: ({ text }) => ({ text }),
      }),
    ];
  }
}

describe('@ovos-tools/core/contract (the checks the provider makes at load)', () => {
  it('checks a toolbox class, its tools and its entry-point name', () => {
    const checked = contract.checkToolBoxClass(Echo);
    expect(checked).toEqual({ ok: true, cls: Echo });
    expect(contract.checkToolBoxClass(class NotOne {})).toEqual({ ok: false, message: 'NotOne is not a ToolBox class: it does not extend ToolBox from @ovos-tools/core' });
    expect(contract.checkTools(new Echo({}))).toBeNull();
    expect(contract.checkEntryPointName('echo', Echo.toolboxId)).toBeNull();
    expect(contract.checkEntryPointName('echo-tools', Echo.toolboxId)).toMatch(/^entry point "echo-tools" names a class whose toolboxId is "echo"/);
  });

  it('checks a host source: brand, contract version and createHosts, with the path of what is wrong', () => {
    const good = { [HOST_SOURCE_BRAND]: 1, createHosts: async () => ({ hosts: [], problems: [] }) };
    expect(contract.checkHostSource(good)).toEqual({ ok: true, source: good });
    expect(contract.checkHostSource(undefined)).toEqual({ ok: false, message: 'expected a host source object, received undefined' });
    expect(contract.checkHostSource(() => good)).toEqual({ ok: false, message: 'expected a host source object, received function' });
    expect(contract.checkHostSource({ createHosts: good.createHosts })).toEqual({
      ok: false,
      message: 'the export is not a host source (no Symbol.for("ovos-tools.host-source") brand)',
    });
    expect(contract.checkHostSource({ [Symbol.for('ovos-tools.host-source')]: 2, createHosts: good.createHosts })).toEqual({
      ok: false,
      message: 'targets host-source contract 2, this provider supports 1',
    });
    expect(contract.checkHostSource({ [HOST_SOURCE_BRAND]: 1, createHosts: 'no' })).toEqual({ ok: false, message: 'createHosts: expected a function, received string' });
  });

  it('is re-exported unchanged by the testing kit, so toolbox tests that import it from there keep working', () => {
    const names = Object.keys(contract).sort();
    expect(names).toEqual([
      'ENTRY_POINT_NAME_PATTERN',
      'TOOLBOX_GROUP',
      'checkEntryPointName',
      'checkHostSource',
      'checkToolBoxClass',
      'checkTools',
      'parseEntryPoints',
      'typeName',
    ]);
    for (const name of names) expect(testing[name as keyof typeof testing], name).toBe(contract[name as keyof typeof contract]);
  });
});
