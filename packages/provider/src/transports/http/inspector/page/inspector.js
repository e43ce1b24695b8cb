// @ts-check
/**
 * The inspector page's script, served at `GET /inspector/inspector.js` (an ES module, loaded by inspector.html with
 * `type="module"`; it imports the page's other modules beside it: dom.js, api.js, busTraffic.js, catalog.js,
 * toolView.js, argsForm.js, errorView.js, state.js). Vanilla DOM code with no framework and no external resource,
 * type-checked by tsc (`checkJs`, see tsconfig.json beside it). It talks to the same origin's HTTP API only:
 * `GET /internal/tools?summary=true` (catalog, search, tag filter), `GET /internal/tools/{tool_id}` (schemas,
 * examples, annotations, a form generated from `input_schema`), `POST /internal/tools/call` (the `result`, or the
 * `error` text and `code` exactly as a model sees them), `POST /internal/tools/reload` (what was added, removed,
 * updated) and `GET /internal/events` (the live tools-topic traffic of the provider's messagebus, read as server-sent
 * events over `fetch` so the secret header can be sent). A secret field sends `X-Internal-Secret` when the server
 * needs one. Every tool text goes into the page through `textContent`, never as HTML (descriptions and schemas are
 * untrusted). This module wires the page's buttons and fields and starts it.
 */
import { $, clear, el, input } from './dom.js';
import { api } from './api.js';
import { connectBus, toggleBusPause } from './busTraffic.js';
import { loadCatalog, renderCatalog } from './catalog.js';
import { errorView } from './errorView.js';

const secretInput = input('secret');
try {
  secretInput.value = sessionStorage.getItem('ovos-tools-secret') || '';
} catch {
  /* storage disabled */
}
secretInput.addEventListener('change', () => {
  try {
    sessionStorage.setItem('ovos-tools-secret', secretInput.value);
  } catch {
    /* storage disabled */
  }
  void loadCatalog();
});
$('clear-log').addEventListener('click', () => void clear($('log')));

$('bus-live').addEventListener('click', toggleBusPause);
$('clear-bus').addEventListener('click', () => void clear($('bus-log')));
secretInput.addEventListener('change', connectBus);

$('search').addEventListener('input', renderCatalog);

$('reload').addEventListener('click', () => {
  const box = $('reload-report');
  box.hidden = false;
  clear(box).appendChild(el('p', { class: 'mute', text: 'reloading…' }));
  void api('POST', '/internal/tools/reload', {}).then((r) => {
    clear(box);
    const b = r.body || {};
    if (r.status !== 200) {
      box.appendChild(errorView(b));
      return undefined;
    }
    /** @type {HTMLElement[]} */
    const lines = [el('h2', { text: `Reload: generation ${b.generation}, ${b.total_tools} tools from ${b.loaded.length} toolboxes` })];
    for (const k of ['added', 'removed', 'updated']) {
      lines.push(el('div', { class: `reload-${k}` }, [el('b', { text: `${k}: ` }), document.createTextNode(b[k].length ? b[k].join(', ') : 'none')]));
    }
    for (const p of b.problems || []) lines.push(el('div', { class: 'reload-problem', text: `problem: ${p.entry_point || p.package}: ${p.error}` }));
    lines.push(el('button', { type: 'button', class: 'ghost', text: 'dismiss', onclick: () => void (box.hidden = true) }));
    for (const l of lines) box.appendChild(l);
    return loadCatalog();
  });
});

void loadCatalog();
connectBus();
