import { createRequire } from 'node:module';
import path from 'node:path';
import { McpToolboxHost } from '@ovos-tools/toolbox-mcp';
import { silentLogger, convertTool, checkToolDefinition, TOOL_FORMATS } from '@ovos-tools/core';
const req = createRequire(import.meta.url);
const bin = (p) => path.join(path.dirname(req.resolve(`${p}/package.json`)), 'dist', 'index.js');
const everything = path.join(path.dirname(createRequire(path.resolve('../toolbox-mcp/package.json')).resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');
const specs = { everything: { transport: 'stdio', command: process.execPath, args: [everything, 'stdio'] }, memory: { transport: 'stdio', command: process.execPath, args: [bin('@modelcontextprotocol/server-memory')], env: { MEMORY_FILE_PATH: '/tmp/fsroot/mem.json' } }, filesystem: { transport: 'stdio', command: process.execPath, args: [bin('@modelcontextprotocol/server-filesystem'), '/tmp/fsroot'] } };
const timings = { connectTimeoutMs: 20000, restartDelayMs: 50, maxRestartDelayMs: 500, maxRestarts: 1 };
for (const [id, spec] of Object.entries(specs)) {
  const h = await McpToolboxHost.start({ toolboxId: id, spec, timings, logger: silentLogger });
  const tools = h.describe().tools;
  console.log(id, tools.length, tools.map(t=>t.name).join(','));
  for (const t of tools) for (const f of TOOL_FORMATS.slice(1)) {
    const c = convertTool(t, f);
    if (!c.ok) { console.log('FAIL', id, t.name, f, c.error); continue; }
    const v = checkToolDefinition(f, c.definition);
    if (v.length) console.log('VIOL', id, t.name, f, JSON.stringify(v));
    const bad = c.notes.filter(n => n.action === 'narrowed' || n.action==='relaxed');
    if (bad.length && process.env.V) console.log('NOTE', id, t.name, f, JSON.stringify(bad.map(n=>[n.path,n.action,n.what])));
  }
  await h.close();
}
