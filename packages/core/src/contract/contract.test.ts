import * as contract from '@ovos-tools/core/contract';
import * as testing from '@ovos-tools/core/testing';
import { HOST_SOURCE_BRAND } from '@ovos-tools/core';
import { describe, expect, it } from 'vitest';
import { MathTools } from '../../test/fixtures.js';

describe('@ovos-tools/core/contract (the checks the provider makes at load)', () => {
  it('checks a toolbox class, its tools and its entry-point name', () => {
    expect(contract.checkToolBoxClass(MathTools)).toEqual({ ok: true, cls: MathTools });
    expect(contract.checkToolBoxClass(class NotOne {})).toEqual({ ok: false, message: 'NotOne is not a ToolBox class: it does not extend ToolBox from @ovos-tools/core' });
    expect(contract.checkTools(new MathTools({}))).toBeNull();
    expect(contract.checkEntryPointName('math_tools', MathTools.toolboxId)).toBeNull();
    expect(contract.checkEntryPointName('math-tools', MathTools.toolboxId)).toMatch(/^entry point "math-tools" names a class whose toolboxId is "math_tools"/);
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
      'checkToolsProblems',
      'parseEntryPoints',
      'typeName',
    ]);
    for (const name of names) expect(testing[name as keyof typeof testing], name).toBe(contract[name as keyof typeof contract]);
  });
});
