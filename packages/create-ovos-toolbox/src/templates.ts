import type { Answers } from './answers.js';

/**
 * The `@ovos-tools/core` range scaffolded toolboxes peer-depend on: every core of toolbox contract 1. Core's major
 * follows the contract (docs/versioning.md), so this range survives every core minor and patch release.
 */
export const CORE_PEER_RANGE = '^1.0.0';

/** Dev tools of the TypeScript template. TypeScript 6.0 runs on every Node line from 20 on. */
const TYPESCRIPT_RANGE = '~6.0.3';
/**
 * The types of the oldest supported Node.js LTS line (22): code that compiles against them runs on 22, 24 and 26.
 * Node 20 (end of life April 2026) still runs a scaffolded toolbox; its few APIs newer than 20 are the author's call.
 */
const TYPES_NODE_RANGE = '^22.19.0';

/**
 * The Node.js versions a scaffolded toolbox declares, as every ovos-tools package does: the LTS lines 22, 24 and 26 and
 * anything newer, and 20.19 (end of life, still run by CI). It is the range vitest and Vite declare: 20.19 and 22.12
 * are the first releases of their lines that load ES modules with `require()` unflagged.
 */
export const NODE_ENGINES_RANGE = '^20.19.0 || >=22.12.0';

/**
 * The TypeScript template's test command. It runs the compiled tests in `dist/`, against the code that is published:
 * from Node 22.18 on, `node --test` in the project root would also pick up `src/*.test.ts` (Node strips types by
 * itself) and fail to import `./index.js`, which only exists in `dist/`. `cd` works in every shell npm uses.
 */
const TS_TEST_SCRIPT = 'npm run build && cd dist && node --test';

/** Every file of a new project, path (relative, `/`-separated) → text. */
export function projectFiles(a: Answers): Record<string, string> {
  const ts = a.language === 'ts';
  const files: Record<string, string> = {
    'package.json': `${JSON.stringify(packageJson(a), null, 2)}\n`,
    'README.md': readme(a),
    '.gitignore': ts ? 'node_modules/\ndist/\n*.tgz\n' : 'node_modules/\n*.tgz\n',
    // example requests per tool and language, the OVOS way: the provider's tool search learns from them
    [`locale/en/${a.toolName}.intent`]: intentExample(a),
  };
  if (ts) {
    files['tsconfig.json'] = `${JSON.stringify(tsconfig(), null, 2)}\n`;
    files['src/index.ts'] = toolboxModule(a);
    files['src/index.test.ts'] = testModule(a, './index.js');
  } else {
    files['src/index.js'] = toolboxModule(a);
    files['test/index.test.js'] = testModule(a, '../src/index.js');
  }
  return files;
}

/** The module the entry point names, relative to the package root. */
export function entryModule(a: Answers): string {
  return a.language === 'ts' ? './dist/index.js' : './src/index.js';
}

function packageJson(a: Answers): Record<string, unknown> {
  const ts = a.language === 'ts';
  const types = ts ? { types: './dist/index.d.ts' } : {};
  return {
    name: a.packageName,
    version: '0.1.0',
    description: `An OpenVoiceOS agent toolbox (${a.toolboxId}).`,
    license: a.license,
    type: 'module',
    exports: { '.': { ...types, import: entryModule(a) }, './package.json': './package.json' },
    ...types,
    files: ts ? ['dist', '!dist/**/*.test.*', 'locale', 'README.md'] : ['src', 'locale', 'README.md'],
    keywords: ['openvoiceos', 'ovos', 'agent-tools', 'ovos-toolbox'],
    engines: { node: NODE_ENGINES_RANGE },
    entryPoints: { 'opm.agents.toolbox': { [a.toolboxId]: `${entryModule(a)}#${a.className}` } },
    scripts: ts
      ? { build: 'tsc -p tsconfig.json', test: TS_TEST_SCRIPT, prepack: 'npm run build' }
      : { test: 'node --test' },
    peerDependencies: { '@ovos-tools/core': CORE_PEER_RANGE },
    devDependencies: {
      '@ovos-tools/core': CORE_PEER_RANGE,
      ...(ts ? { '@types/node': TYPES_NODE_RANGE, typescript: TYPESCRIPT_RANGE } : {}),
    },
  };
}

/**
 * The example tool's description: it names the toolbox, so two scaffolded toolboxes (and the repository's
 * hello example) never offer a model two tools described alike.
 */
function exampleDescription(a: Answers): string {
  return `Greet a person by name, optionally several times (the example tool of ${a.toolboxId}).`;
}

function tsconfig(): Record<string, unknown> {
  return {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2023'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      types: ['node'],
      strict: true,
      declaration: true,
      rootDir: 'src',
      outDir: 'dist',
      verbatimModuleSyntax: true,
      forceConsistentCasingInFileNames: true,
      skipLibCheck: true,
    },
    include: ['src'],
  };
}

function toolboxModule(a: Answers): string {
  const ts = a.language === 'ts';
  return `import { defineTool, ToolBox, Type${ts ? ', type AgentTool' : ''} } from '@ovos-tools/core';
import { configProblemText, readConfig } from '@ovos-tools/core/node';

/** The keys of this toolbox's config section. A wrong value keeps its default, and a warning names the key. */
const Config = Type.Object({
  greeting: Type.String({ minLength: 1, maxLength: 40, default: 'Hello', description: 'The word each greeting starts with' }),
});

/**
 * The ${a.toolboxId} toolbox. The provider constructs it as \`new ${a.className}({ config, logger, ... })\`, where
 * \`config\` is the "${a.toolboxId}" section of the provider config, and serves the tools \`discoverTools()\` returns.
 */
export class ${a.className} extends ToolBox {
  /** Must equal the entry-point name in package.json: it keys this toolbox's config and names its bus topic. */
  static ${ts ? 'override ' : ''}toolboxId = '${a.toolboxId}';

  ${ts ? '' : '/** @returns the tools of this toolbox, in listing order. */\n  '}discoverTools()${ts ? ': AgentTool[]' : ''} {
    const { config, problems } = readConfig(Config, this.config);
    for (const problem of problems) this.logger.warn(configProblemText(${a.className}.toolboxId, problem));
    const greeting = config.greeting;
    return [
      defineTool({
        name: '${a.toolName}',
        description: '${exampleDescription(a)}',
        // Arguments arrive validated and coerced against this schema ("2" becomes 2, times defaults to 1).
        argumentSchema: Type.Object({
          name: Type.String({ description: 'Who to greet', minLength: 1, maxLength: 100 }),
          times: Type.Integer({ description: 'How many greetings', minimum: 1, maximum: 5, default: 1 }),
        }),
        // The result is validated against this schema before it is sent.
        outputSchema: Type.Object({ message: Type.String() }),
        tags: ['example'],
        readOnly: true,
        idempotent: true,
        examples: [{ arguments: { name: 'Ada' }, result: { message: 'Hello, Ada!' } }],
        toolCall: ({ name, times }) => ({ message: Array(times).fill(\`\${greeting}, \${name}!\`).join(' ') }),
      }),
    ]${ts ? ' as AgentTool[]' : ''};
  }
}
`;
}

function testModule(a: Answers, importPath: string): string {
  return `import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { assertExamples, checkToolboxPackage, invokeTool, runOnFakeBus } from '@ovos-tools/core/testing';
import { ${a.className} } from '${importPath}';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

test('the package passes the checks the provider makes when it loads it', async () => {
  const report = await checkToolboxPackage(packageDir);
  assert.deepEqual([...report.problems, ...report.toolboxes.flatMap((t) => t.problems)], []);
  // one toolbox, its entry-point name equal to its toolboxId, serving at least one tool (add as many as you like)
  assert.deepEqual(
    report.toolboxes.map((t) => [t.entryPointName, t.toolboxId]),
    [['${a.toolboxId}', '${a.toolboxId}']],
  );
  assert.ok(report.toolboxes[0].tools.length > 0, 'discoverTools() returned no tools');
});

test('every example returns its declared result', async () => {
  await assertExamples(new ${a.className}());
});

test('arguments are validated and coerced before the tool runs', async () => {
  const toolbox = new ${a.className}({ config: { greeting: 'Olá' } });
  assert.deepEqual(await invokeTool(toolbox, '${a.toolName}', { name: 'Ada', times: '2' }), { ok: true, result: { message: 'Olá, Ada! Olá, Ada!' } });
  const refused = await invokeTool(toolbox, '${a.toolName}', { name: '' });
  assert.equal(refused.ok ? 'accepted' : refused.code, 'invalid_arguments');
});

test('it answers OVOS per-toolbox calls on a bus', async () => {
  const run = runOnFakeBus(new ${a.className}());
  try {
    assert.deepEqual(await run.call('${a.toolName}', { name: 'Ada' }), { result: { message: 'Hello, Ada!' }, toolbox_id: '${a.toolboxId}' });
  } finally {
    await run.close();
  }
});
`;
}

/** `locale/en/<tool>.intent` of the example tool: a few requests in OVOS `.intent` syntax, with comments on it. */
function intentExample(a: Answers): string {
  return `# What people say to use ${a.toolName}, one request per line (OVOS .intent syntax):
# (a|b) alternatives, [optional] words, {slot} values. Add locale/<lang>/${a.toolName}.intent for other languages.
(greet|say hello to) {name}
[please] give {name} a (warm|friendly) greeting
say hi to {name} {times} times
`;
}

function readme(a: Answers): string {
  const ts = a.language === 'ts';
  return `# ${a.packageName}

An [OpenVoiceOS](https://openvoiceos.org) agent toolbox (\`${a.toolboxId}\`), served on the OVOS messagebus by the
[ovos-tools provider](https://www.npmjs.com/package/@ovos-tools/provider).

| tool | what it does |
|---|---|
| \`${a.toolName}\` | ${exampleDescription(a)} |

## Install

\`\`\`sh
npm install --prefix ~/.local/share/ovos-tools/plugins @ovos-tools/core ${a.packageName}
ovos-tools reload
ovos-tools invoke ${a.toolName} '{"name": "Ada"}'
\`\`\`

## Configuration

The provider passes the \`"${a.toolboxId}"\` section of its config file to this toolbox:

| key | default | meaning |
|---|---|---|
| \`greeting\` | \`"Hello"\` | The word each greeting starts with. |

The keys are a TypeBox schema read with \`readConfig\` from \`@ovos-tools/core/node\`: numeric and yes/no strings are
accepted, and a wrong value keeps its default while the provider log names the key
(\`${a.toolboxId} config 'greeting': must be string, received 5\`).

## Threat model

Assume the model calling these tools is hostile: it chooses every argument.

- **Refused:** TODO — what this toolbox never does, whatever the arguments (e.g. paths outside its root, private
  network addresses). \`${a.toolName}\` only formats text; its arguments are length- and range-limited by the schema.
- **Residual risks:** TODO — what a hostile caller can still do (e.g. consume time up to the call's time limit).
- **Settings that widen it:** TODO — which config keys grant more (none yet).

## Develop

Needs Node.js 22, 24 or 26 (the LTS lines; \`engines\`: \`${NODE_ENGINES_RANGE}\`). Node 20.19 still runs it, but
Node 20 reached its end of life in April 2026.

\`\`\`sh
npm install
npm test                  # ${ts ? 'builds with tsc, then runs the compiled tests in dist/ with node --test' : 'node --test'}
npx -p @ovos-tools/provider ovos-tools check .   # the checks the provider makes when it loads the package
\`\`\`

\`package.json\` declares the toolbox under \`entryPoints["opm.agents.toolbox"]\`: the name (\`${a.toolboxId}\`) must
equal the class's \`static toolboxId\`. The tests use \`@ovos-tools/core/testing\`.

\`@ovos-tools/core\` is a peer dependency (\`${CORE_PEER_RANGE}\`): core's major version is the toolbox contract's,
so this range keeps installing beside every core release of the same contract.

To add a tool, return another \`defineTool({...})\` from \`discoverTools()\` with its own name, schemas and an example;
\`npm test\` checks it like the first.

## Example requests (utterances)

\`locale/<lang>/<tool_name>.intent\` holds what people say to use a tool, one request per line, as OVOS skills ship
their intents: \`(a|b)\` alternatives, \`[optional]\` words, \`{slot}\` values (e.g. \`greet {name} [please]\`). The
provider's tool search learns from every language there (\`locale/pt-pt/\`, \`locale/de/\`, …), so a request in any of
them finds the tool. \`ovos-tools check .\` refuses a file named after no tool, a folder that is not a language code,
and an empty file.

## Publish

\`\`\`sh
npm publish${ts ? '               # prepack builds dist/ first' : ''}
\`\`\`

## License

${a.license}
`;
}
