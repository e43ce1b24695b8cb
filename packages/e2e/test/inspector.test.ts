import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { Message, silentLogger } from '@ovos-tools/core';
import { MessageBusClient, MessageBusServer } from '@ovos-tools/messagebus';
import { parseProviderConfig, ToolsProvider } from '@ovos-tools/provider';
import { startHttpServer, type HttpServerHandle } from '@ovos-tools/provider/http';
import { CHROMIUM_PATH } from './setup/chromium.js';
import { repoRoot } from './helpers/system.js';

/**
 * The inspector page (`GET /inspector`) driven in real headless Chromium against a real provider: the math toolbox
 * (a workspace link) and a test package in a plugin root, the HTTP API behind an operator secret that the page's
 * secret field supplies. One browser launch for the whole file. Set OVOS_TOOLS_SCREENSHOTS=1 to refresh the
 * README's screenshots in docs/; otherwise they go to a temp dir.
 */
const skipReason = inject('chromiumSkipReason');
if (skipReason) process.stdout.write(`[inspector.test] skipped: ${skipReason}\n`);

const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const toolboxMathDir = path.dirname(createRequire(import.meta.url).resolve('@ovos-tools/toolbox-math/package.json'));
const SECRET = 'inspector-secret-0123456789';

let root: string;
let profile: string;
let shots: string;
let provider: ToolsProvider;
let bus: MessageBusServer;
let peer: MessageBusClient;
let api: HttpServerHandle;
let browser: BrowserContext;
let page: Page;
const installed: Record<string, unknown> = { 'node_modules/@ovos-tools/toolbox-math': { link: true } };

/** Scrolls every panel back to its top, for screenshots. */
const scrollToTop = () => page.evaluate(() => document.querySelectorAll('section').forEach((s) => s.scrollTo(0, 0)));

/** Writes a ToolBox package into the plugin root and records it as npm would. */
function installPackage(name: string, source: string): void {
  const dir = path.join(root, 'node_modules', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', type: 'module', entryPoints: { 'opm.agents.toolbox': { [name]: './index.js#Toolbox' } } }));
  writeFileSync(path.join(dir, 'index.js'), source);
  installed[`node_modules/${name}`] = { version: '1.0.0' };
  writeFileSync(path.join(root, 'node_modules', '.package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: installed }));
}

const greeterSource = `import { ToolBox, AgentTool, Type } from '@ovos-tools/core';
export class Toolbox extends ToolBox {
  static toolboxId = 'inspector-greeter';
  discoverTools() {
    return [
      new AgentTool({ name: 'greet', description: 'Greet someone by name.', tags: ['test', 'words'], readOnly: true, idempotent: true,
        argumentSchema: Type.Object({
          name: Type.String({ description: 'Who to greet', minLength: 1 }),
          style: Type.Union([Type.Literal('plain'), Type.Literal('pirate')], { default: 'plain' }),
          shout: Type.Optional(Type.Boolean({ description: 'Upper-case the greeting' })),
          times: Type.Integer({ minimum: 1, maximum: 3, default: 1 }),
        }),
        outputSchema: Type.Object({ greeting: Type.String() }),
        examples: [{ description: 'a pirate greeting', arguments: { name: 'Ada', style: 'pirate', times: 2 }, result: { greeting: 'Ahoy Ada! Ahoy Ada!' } }],
        toolCall: ({ name, style, shout, times }) => {
          const one = (style === 'pirate' ? 'Ahoy ' : 'Hello ') + name + '!';
          const text = Array(times).fill(one).join(' ');
          return { greeting: shout ? text.toUpperCase() : text };
        } }),
    ];
  }
}
`;

// a third-party plugin whose tool has the name of a bundled one: the bundled tool keeps the name, this one is shadowed
const shadowSource = `import { ToolBox, AgentTool, Type } from '@ovos-tools/core';
export class Toolbox extends ToolBox {
  static toolboxId = 'inspector-shadow';
  discoverTools() {
    return [new AgentTool({ name: 'evaluate_expression', description: 'A third-party evaluator.', tags: ['test'],
      argumentSchema: Type.Object({ expression: Type.String() }), outputSchema: Type.Object({ answer: Type.String() }),
      toolCall: ({ expression }) => ({ answer: 'plugin saw ' + expression }) })];
  }
}
`;

const farewellSource = `import { ToolBox, AgentTool, Type } from '@ovos-tools/core';
export class Toolbox extends ToolBox {
  static toolboxId = 'inspector-farewell';
  discoverTools() {
    return [new AgentTool({ name: 'farewell', description: 'Say goodbye.', tags: ['test'],
      argumentSchema: Type.Object({ name: Type.String() }), outputSchema: Type.Object({ text: Type.String() }),
      toolCall: ({ name }) => ({ text: 'Bye ' + name }) })];
  }
}
`;

describe.skipIf(Boolean(skipReason))('the inspector page in headless Chromium', () => {
  beforeAll(async () => {
    mkdirSync(path.join(e2eDir, '.test-plugins'), { recursive: true });
    root = mkdtempSync(path.join(e2eDir, '.test-plugins', 'inspector-'));
    writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'inspector-plugin-root', private: true }));
    mkdirSync(path.join(root, 'node_modules', '@ovos-tools'), { recursive: true });
    symlinkSync(toolboxMathDir, path.join(root, 'node_modules', '@ovos-tools', 'toolbox-math'), 'dir');
    installPackage('inspector-greeter', greeterSource);

    // the provider on a real messagebus (attached in-process, as `ovos-tools serve` runs it), and another bus client
    bus = new MessageBusServer({ port: 0, logger: silentLogger });
    await bus.start();
    const providerBus = bus.attach();
    const settings = parseProviderConfig({ isolation: 'inline', federation: false });
    provider = new ToolsProvider({ bus: providerBus, settings, pluginRoots: [root], logger: silentLogger, logLevel: 'silent', brain: null });
    const report = await provider.start();
    expect(report.problems).toEqual([]);
    api = await startHttpServer(provider.service, { port: 0, secret: SECRET, bus: providerBus });
    peer = new MessageBusClient({ url: bus.url, logger: silentLogger, reconnect: false });
    await peer.connect();

    const { chromium } = await import('playwright-core');
    profile = mkdtempSync(path.join(os.tmpdir(), 'inspector-chromium-'));
    shots = process.env.OVOS_TOOLS_SCREENSHOTS === '1' ? path.join(repoRoot, 'docs') : mkdtempSync(path.join(os.tmpdir(), 'inspector-shots-'));
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      viewport: { width: 1280, height: 1000 },
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    page = browser.pages()[0] ?? (await browser.newPage());
    page.setDefaultTimeout(15_000);
    // every Content-Security-Policy violation of the page, kept across navigations: the policy allows no inline code
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        const seen = JSON.parse(sessionStorage.getItem('csp-violations') ?? '[]') as string[];
        seen.push(`${e.effectiveDirective} ${e.blockedURI}`);
        sessionStorage.setItem('csp-violations', JSON.stringify(seen));
      });
    });
  });

  afterAll(async () => {
    // each step bounded, and named on stderr when slow: a teardown that hangs says where instead of timing out the suite
    const step = async (name: string, close: (() => Promise<unknown>) | undefined) => {
      if (!close) return;
      const started = Date.now();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([close().catch(() => undefined), new Promise((r) => (timer = setTimeout(r, 15_000)))]);
      clearTimeout(timer);
      if (Date.now() - started > 5000) process.stderr.write(`inspector test teardown: ${name} took ${Date.now() - started} ms\n`);
    };
    await step('browser.close', browser && (() => browser.close()));
    await step('api.close', api && (() => api.close()));
    await step('peer.close', peer && (() => peer.close()));
    await step('provider.close', provider && (() => provider.close()));
    await step('bus.close', bus && (() => bus.close()));
    for (const dir of [root, profile, shots === path.join(repoRoot, 'docs') ? undefined : shots]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('serves the page without a credential, but the API behind it still needs one', async () => {
    const res = await fetch(`${api.url}/inspector`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("connect-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'; style-src 'self'");
    expect(await res.text()).toContain('<title>ovos-tools inspector</title>');
    for (const [file, type] of [['inspector.js', 'text/javascript'], ['inspector.css', 'text/css']]) {
      const asset = await fetch(`${api.url}/inspector/${file}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toMatch(new RegExp(`^${type}`));
    }
    expect((await fetch(`${api.url}/internal/tools`)).status).toBe(401);
    expect((await fetch(`${api.url}/internal/tools/reload`, { method: 'POST' })).status).toBe(401);
  });

  it('loads the catalog with the secret, finds a tool by search and tag, invokes it from its form and shows the result', async () => {
    await page.goto(`${api.url}/inspector`);
    await page.locator('#status').filter({ hasText: 'unauthorized' }).waitFor(); // no secret yet: the API's own words
    await page.fill('#secret', SECRET);
    await page.dispatchEvent('#secret', 'change');
    await page.locator('li[data-tool="evaluate_expression"]').waitFor();

    await page.fill('#search', 'greet');
    await expect.poll(() => page.locator('#catalog li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-tool')))).toEqual(['greet']);
    await page.fill('#search', '');
    await page.click('#tag-filter .tag[data-tag="words"]');
    await expect.poll(() => page.locator('#catalog li').count()).toBe(1);
    await page.click('li[data-tool="greet"]');

    await page.locator('#input-schema').waitFor();
    expect(await page.textContent('#tool')).toContain('read_only');
    expect(JSON.parse((await page.textContent('#output-schema'))!)).toMatchObject({ properties: { greeting: { type: 'string' } } });
    expect(await page.inputValue('#arg-times')).toBe('1'); // the schema default
    await page.fill('#arg-name', 'Grace');
    await page.selectOption('#arg-style', { label: '"pirate"' });
    await page.selectOption('#arg-shout', 'true');
    await page.click('#invoke');
    await page.locator('#result').waitFor();
    expect(JSON.parse((await page.textContent('#result'))!)).toEqual({ greeting: 'AHOY GRACE!' });

    await page.click('button[data-example="0"]');
    expect(await page.inputValue('#arg-name')).toBe('Ada');
    expect(await page.inputValue('#arg-times')).toBe('2');
    await page.click('#invoke');
    await expect.poll(async () => page.textContent('#result')).toContain('Ahoy Ada! Ahoy Ada!');
    await scrollToTop();
    await page.screenshot({ path: path.join(shots, 'inspector-tool.png') });
    expect(statSync(path.join(shots, 'inspector-tool.png')).size).toBeGreaterThan(10_000);

    // the traffic panel logged the call with its request body
    expect(await page.locator('#log details').first().textContent()).toContain('POST /internal/tools/call');
  });

  it('shows a validation error exactly as the model sees it: the error text and code', async () => {
    // raw JSON that is not JSON never leaves the page
    await page.check('#use-raw');
    await page.fill('#raw-args', '{"name": ');
    const calls = await page.locator('#log details').count();
    await page.click('#invoke');
    await expect.poll(() => page.textContent('#error-code')).toBe('invalid_json');
    expect(await page.locator('#log details').count()).toBe(calls);
    await page.uncheck('#use-raw');

    await page.fill('#arg-name', '');
    await page.fill('#arg-times', '7');
    await page.click('#invoke');
    await expect.poll(() => page.textContent('#error-code')).not.toBe('invalid_json');
    const shown = { code: await page.textContent('#error-code'), error: await page.textContent('#error-text') };
    const direct = await fetch(`${api.url}/internal/tools/call`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Internal-Secret': SECRET },
      body: JSON.stringify({ tool_id: 'greet', args: { style: 'pirate', times: 7 }, context: {} }),
    }).then((r) => r.json());
    expect(direct.ok).toBe(false);
    expect(shown).toEqual({ code: direct.code, error: direct.error });
    expect(shown.error).toMatch(/name|times/);
  });

  it('shows live bus traffic: an invoke by another bus client and its answer appear in the panel', async () => {
    await page.locator('#bus-status').filter({ hasText: 'live:' }).waitFor(); // the stream is open (with the secret)
    const answer = await peer.waitForResponse(new Message('ovos.tools.invoke', { name: 'greet', args: { name: 'Linus', style: 'plain' } }));
    expect(answer?.data.result).toEqual({ greeting: 'Hello Linus!' });
    const request = page.locator('#bus-log details[data-type="ovos.tools.invoke"]').filter({ hasText: 'Linus' });
    const response = page.locator('#bus-log details[data-type="ovos.tools.invoke.response"]').filter({ hasText: 'Hello Linus!' });
    await request.first().waitFor({ state: 'attached' });
    await response.first().waitFor({ state: 'attached' });
    // newest first: the answer sits above its request
    const types = await page.locator('#bus-log details').evaluateAll((ds) => ds.map((d) => d.getAttribute('data-type')));
    expect(types.indexOf('ovos.tools.invoke.response')).toBeLessThan(types.indexOf('ovos.tools.invoke'));
    await response.first().locator('summary').click();
    expect(await response.first().locator('pre').textContent()).toContain('"toolbox_id": "inspector-greeter"');
    // hostile text from the bus is shown as text, never run as markup
    peer.emit(new Message('ovos.tools.get', { name: '<img src=x onerror="window.__pwned=1">' }));
    await page.locator('#bus-log details[data-type="ovos.tools.get"]').first().waitFor({ state: 'attached' });
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('#bus-log img').count()).toBe(0);
    // pause stops the stream: a later invoke does not appear until resumed
    await page.click('#bus-live');
    await page.locator('#bus-status').filter({ hasText: 'paused' }).waitFor();
    const shown = await page.locator('#bus-log details').count();
    await peer.waitForResponse(new Message('ovos.tools.invoke', { name: 'greet', args: { name: 'Paused', style: 'plain' } }));
    await new Promise((r) => setTimeout(r, 300));
    expect(await page.locator('#bus-log details').count()).toBe(shown);
    await page.click('#bus-live');
    await page.locator('#bus-status').filter({ hasText: 'live:' }).waitFor();
    await scrollToTop();
    await page.screenshot({ path: path.join(shots, 'inspector-bus.png') });
  });

  it('reloads: a newly installed toolbox appears in the report and the catalog', async () => {
    installPackage('inspector-farewell', farewellSource);
    await page.click('#tag-filter .tag[data-tag="words"]'); // off again: farewell is tagged "test" only
    await page.click('#reload');
    await page.locator('.reload-added').filter({ hasText: 'farewell' }).waitFor();
    expect(await page.textContent('.reload-removed')).toContain('none');
    await page.locator('li[data-tool="farewell"]').waitFor();
    // nothing the page did (rendering tools, forms, bus traffic, the reload report) needed inline code or style
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('csp-violations') ?? '[]'))).toEqual([]);
    await scrollToTop();
    await page.screenshot({ path: path.join(shots, 'inspector-reload.png') });
    expect(statSync(path.join(shots, 'inspector-reload.png')).size).toBeGreaterThan(10_000);
  });

  it('a tool shadowed by a bundled one of the same name is listed as such, opens and runs with its toolbox_id', async () => {
    installPackage('inspector-shadow', shadowSource);
    await page.click('#reload');
    const shadowed = page.locator('li[data-tool="evaluate_expression"][data-toolbox="inspector-shadow"]');
    await shadowed.waitFor();
    expect(await shadowed.textContent()).toContain('shadowed by ovos-math-tools');
    expect(await page.locator('li[data-tool="evaluate_expression"][data-toolbox="ovos-math-tools"]').textContent()).not.toContain('shadowed');

    await shadowed.click();
    await page.locator('#shadowed-by').waitFor();
    expect(await page.textContent('#shadowed-by')).toContain('shadowed by ovos-math-tools');
    expect(await page.textContent('#description')).toBe('A third-party evaluator.');
    await page.fill('#arg-expression', '6*7');
    await page.click('#invoke');
    await expect.poll(async () => page.textContent('#result')).toContain('plugin saw 6*7');

    // the name itself opens and runs the bundled winner
    await page.click('li[data-tool="evaluate_expression"][data-toolbox="ovos-math-tools"]');
    await expect.poll(() => page.locator('#shadowed-by').count()).toBe(0);
    await page.fill('#arg-expression', '6*7');
    await page.click('#invoke');
    await expect.poll(async () => page.textContent('#result')).toContain('42');
  });
});
