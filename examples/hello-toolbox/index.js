import { ToolBox, defineTool, Type } from '@ovos-tools/core';

export class HelloToolBox extends ToolBox {
  // the entry-point name from package.json; also the bus topic ovos.persona.tools.ovos-hello-tools.call
  static toolboxId = 'ovos-hello-tools';

  discoverTools() {
    const greeting = this.config.greeting ?? 'Hello';
    return [
      defineTool({
        name: 'greet',
        description: 'Greet a person by name, optionally several times.',
        argumentSchema: Type.Object({
          name: Type.String({ description: 'Who to greet', minLength: 1 }),
          times: Type.Integer({ description: 'How many greetings', minimum: 1, maximum: 5, default: 1 }),
        }),
        outputSchema: Type.Object({ message: Type.String() }),
        tags: ['example'],
        readOnly: true,
        examples: [{ arguments: { name: 'Ada' }, result: { message: 'Hello, Ada!' } }],
        toolCall: ({ name, times }) => ({ message: Array(times).fill(`${greeting}, ${name}!`).join(' ') }),
      }),
    ];
  }
}
