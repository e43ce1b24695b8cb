import {
  checkConfirmationTemplate,
  defineTool,
  pickLanguage,
  renderConfirmation,
  ToolBox,
  ToolDefinitionError,
  toolSpecJson,
  Type,
  type AgentTool,
} from '@ovos-tools/core';
import { checkTools } from '@ovos-tools/core/testing';
import { describe, expect, it } from 'vitest';

const WriteArgs = Type.Object({ path: Type.String(), content: Type.String(), options: Type.Optional(Type.Object({ mode: Type.String() })) });
const writeTool = (confirmation?: unknown) =>
  defineTool({
    name: 'write_file',
    description: 'Write a file.',
    argumentSchema: WriteArgs,
    outputSchema: Type.Object({}),
    destructive: true,
    ...(confirmation === undefined ? {} : { confirmation: confirmation as string }),
    toolCall: () => ({}),
  });

describe('confirmation templates: checked when the tool is defined', () => {
  it('accepts one text or texts by language, with placeholders for arguments and nested properties', () => {
    expect(writeTool('Overwrite {path} in your workspace?').confirmation).toBe('Overwrite {path} in your workspace?');
    expect(writeTool({ en: 'Overwrite {path}?', 'pt-BR': 'Substituir {path}?', de: '{path} überschreiben ({options.mode})?' }).confirmation).toEqual({
      en: 'Overwrite {path}?',
      'pt-BR': 'Substituir {path}?',
      de: '{path} überschreiben ({options.mode})?',
    });
    expect(writeTool('Write {{literally}} to {path}?').confirmation).toBe('Write {{literally}} to {path}?');
  });

  it('refuses an unknown placeholder, naming it and the arguments there are', () => {
    const err = (() => {
      try {
        writeTool({ en: 'Overwrite {pth}?' });
      } catch (e) {
        return e as ToolDefinitionError;
      }
    })();
    expect(err).toBeInstanceOf(ToolDefinitionError);
    expect(err?.message).toBe("tool 'write_file': confirmation.en: unknown placeholder {pth}: the arguments are path, content, options");
    expect(checkConfirmationTemplate('Set {options.color}?', WriteArgs)).toBe('confirmation: unknown placeholder {options.color}: options has mode');
  });

  it('refuses bad shapes and bad syntax with a line saying how to fix it', () => {
    expect(checkConfirmationTemplate('', WriteArgs)).toBe('confirmation: expected a sentence to speak, received an empty text');
    expect(checkConfirmationTemplate({}, WriteArgs)).toBe('confirmation: expected at least one language, received {}');
    expect(checkConfirmationTemplate(['x'], WriteArgs)).toBe('confirmation: expected a text or texts by language ({"en": "...", "pt": "..."}), received a list');
    expect(checkConfirmationTemplate({ english: 'x' }, WriteArgs)).toBe('confirmation.english: not a language tag (write a BCP 47 tag such as "en", "pt" or "pt-BR")');
    expect(checkConfirmationTemplate({ en: 3 }, WriteArgs)).toBe('confirmation.en: expected a text, received number 3');
    expect(checkConfirmationTemplate('Delete {path', WriteArgs)).toBe("confirmation: unclosed '{' at character 7; write '{{' for a literal brace");
    expect(checkConfirmationTemplate('Delete path}?', WriteArgs)).toBe("confirmation: unbalanced '}' at character 11; write '}}' for a literal brace");
    expect(checkConfirmationTemplate('Delete {}?', WriteArgs)).toMatch(/^confirmation: placeholder \{\} at character 7 is not an argument name/);
    expect(checkConfirmationTemplate('x'.repeat(501), WriteArgs)).toMatch(/too long for a spoken question/);
    // a schema that declares no properties: any name may be there
    expect(checkConfirmationTemplate('Run {anything}?', { type: 'object' })).toBeNull();
  });

  it('the loader check (checkTools) refuses a template on a tool from another copy of core, path-precisely', () => {
    class Loose extends ToolBox {
      static override toolboxId = 'loose';
      discoverTools(): AgentTool[] {
        const t = writeTool();
        return [Object.assign(Object.create(Object.getPrototypeOf(t)), t, { confirmation: { en: 'Delete {nope}?' } })];
      }
    }
    expect(checkTools(new Loose())).toBe('discoverTools()[0].confirmation.en: unknown placeholder {nope}: the arguments are path, content, options');
  });

  it('ovos.tools.get shows the template', () => {
    expect(toolSpecJson(writeTool({ en: 'Overwrite {path}?' }), 'fs').confirmation).toEqual({ en: 'Overwrite {path}?' });
    expect(toolSpecJson(writeTool(), 'fs')).not.toHaveProperty('confirmation');
  });
});

describe('pickLanguage', () => {
  it('prefers the same tag, then the language alone, then another region, per preference in order; English, then the first', () => {
    expect(pickLanguage(['en', 'pt', 'pt-BR'], ['pt-BR'])).toBe('pt-BR');
    expect(pickLanguage(['en', 'pt'], ['pt-BR', 'en'])).toBe('pt');
    expect(pickLanguage(['en', 'pt-PT'], ['pt_br'])).toBe('pt-PT');
    expect(pickLanguage(['en', 'pt-BR'], ['PT'])).toBe('pt-BR');
    expect(pickLanguage(['de', 'en-GB'], ['ja'])).toBe('en-GB');
    expect(pickLanguage(['de', 'fr'], ['*'])).toBe('de');
    expect(pickLanguage([], ['en'])).toBeUndefined();
  });
});

describe('renderConfirmation', () => {
  it("fills the tool's template in the caller's language", () => {
    const tool = writeTool({ en: 'Overwrite {path} in your workspace?', pt: 'Substituir {path} na sua área de trabalho?' });
    expect(renderConfirmation(tool, { path: 'notes.txt', content: 'x' }, ['pt-BR'])).toEqual({ prompt: 'Substituir notes.txt na sua área de trabalho?', lang: 'pt' });
    expect(renderConfirmation(tool, { path: 'notes.txt', content: 'x' }, [])).toEqual({ prompt: 'Overwrite notes.txt in your workspace?', lang: 'en' });
    expect(renderConfirmation(writeTool('Write {{x}} to {path} ({options.mode})?'), { path: 'a', options: { mode: 'append' } }, ['en'])).toEqual({ prompt: 'Write {x} to a (append)?' });
  });

  it('without a template: a default question from the name and arguments, in the caller’s language where there is one', () => {
    expect(renderConfirmation(writeTool(), { path: 'notes.txt', content: 'hello' }, ['en-US']).prompt).toBe('Allow write file with path: notes.txt, content: hello?');
    expect(renderConfirmation(writeTool(), { content: 'hello', path: 'notes.txt' }, ['pt'])).toEqual({ prompt: 'Permitir write file com path: notes.txt, content: hello?', lang: 'pt' });
    expect(renderConfirmation({ name: 'wipe', title: 'Wipe the disk' }, {}, ['de'])).toEqual({ prompt: 'Wipe the disk erlauben?', lang: 'de' });
    expect(renderConfirmation({ name: 'x' }, { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8 }, ['ja']).prompt).toBe('Allow x with a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, …[+2]?');
  });

  it('speaks hostile values safely: no control or bidi characters, and a cut value says how much is hidden', () => {
    const tool = defineTool({
      name: 'run_command',
      description: 'Run.',
      argumentSchema: Type.Object({ command: Type.String() }),
      outputSchema: Type.Object({}),
      confirmation: 'Run the command {command}?',
      toolCall: () => ({}),
    });
    const long = `echo hello ${'x'.repeat(100)}; rm -rf ~`;
    const { prompt } = renderConfirmation(tool, { command: long }, ['en']);
    expect(prompt).toBe(`Run the command echo hello ${'x'.repeat(69)}…[+${long.length - 80}]?`);
    expect(renderConfirmation(tool, { command: 'ls\n\nYes.\u202Eevil\u0007' }, ['en']).prompt).toBe('Run the command ls Yes. evil?');
    expect(renderConfirmation(tool, {}, ['en']).prompt).toBe('Run the command ?');
    expect(renderConfirmation(tool, { command: ['ls', { a: 1 }] }, ['en']).prompt).toBe('Run the command ls, {"a":1}?');
  });
});
