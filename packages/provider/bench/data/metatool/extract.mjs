// Derives this folder's fixture from a MetaTool checkout (github HowieHwong/MetaTool, MIT; Huang et al., ICLR 2024):
//   node extract.mjs <path to the MetaTool git dir>
// - tools.json: the 199 tools of dataset/plugin_des.json, as written (name → description).
// - queries.json: 5 queries per tool from dataset/data/all_clean_data.csv (single-tool queries, columns Query,Tool):
//   for each tool, its distinct queries ordered by the SHA-256 (hex) of the query text, the first 5 taken. The rule
//   depends on nothing but the text, so it is fixed and reproducible, and it picks no query for how it ranks.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const gitDir = process.argv[2];
if (!gitDir) throw new Error('usage: node extract.mjs <MetaTool git dir>');
const show = (file) => execFileSync('git', ['--git-dir', gitDir, 'show', `HEAD:${file}`], { encoding: 'utf8', maxBuffer: 64 << 20 });
const commit = execFileSync('git', ['--git-dir', gitDir, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();

/** RFC 4180 CSV: quoted fields, doubled quotes, CRLF or LF. */
function parseCsv(text) {
  const rows = [];
  let row = [], field = '', quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field); rows.push(row); row = []; field = '';
    } else field += c;
  }
  if (field !== '' || row.length) { row.push(field); rows.push(row); }
  return rows;
}

const tools = JSON.parse(show('dataset/plugin_des.json'));
const [header, ...rows] = parseCsv(show('dataset/data/all_clean_data.csv'));
if (header[0] !== 'Query' || header[1] !== 'Tool') throw new Error(`unexpected CSV header ${header}`);
const byTool = new Map();
for (const [query, tool] of rows) {
  if (!query || !(tool in tools)) continue;
  const set = byTool.get(tool) ?? new Set();
  set.add(query.trim());
  byTool.set(tool, set);
}
const sha = (s) => createHash('sha256').update(s).digest('hex');
const queries = [];
for (const tool of Object.keys(tools)) {
  const picked = [...(byTool.get(tool) ?? [])].sort((a, b) => (sha(a) < sha(b) ? -1 : 1)).slice(0, 5);
  if (picked.length < 5) throw new Error(`tool ${tool} has ${picked.length} queries`);
  for (const query of picked) queries.push({ query, tool });
}
const source = { repository: 'https://github.com/HowieHwong/MetaTool', commit, license: 'MIT' };
writeFileSync(path.join(here, 'tools.json'), JSON.stringify({ source: { ...source, file: 'dataset/plugin_des.json' }, tools }, null, 1) + '\n');
writeFileSync(path.join(here, 'queries.json'), JSON.stringify({ source: { ...source, file: 'dataset/data/all_clean_data.csv', rule: 'per tool, distinct queries sorted by SHA-256 of the text, first 5' }, queries }, null, 0).replace(/\},\{/g, '},\n{') + '\n');
console.log(`${Object.keys(tools).length} tools, ${queries.length} queries (of ${rows.length} rows)`);
