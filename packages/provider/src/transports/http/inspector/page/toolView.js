// @ts-check
/**
 * The inspector page's tool panel: one tool's description, annotations, schemas and examples, the arguments form and
 * the outcome of invoking it.
 */
import { api } from './api.js';
import { buildFields, loadArgs, readForm } from './argsForm.js';
import { $, clear, el, input, json } from './dom.js';
import { errorView } from './errorView.js';
import { state } from './state.js';

/**
 * Opens a tool: the one its name calls, or with `toolboxId` that toolbox's (a shadowed tool).
 * @param {string} id
 * @param {string} [toolboxId]
 * @returns {Promise<boolean>} whether it opened (false: its error is shown in the tool panel)
 */
export function openTool(id, toolboxId) {
  return api('GET', `/internal/tools/${encodeURIComponent(id)}${toolboxId ? `?toolbox_id=${encodeURIComponent(toolboxId)}` : ''}`).then((r) => {
    const box = clear($('tool'));
    if (r.status !== 200) {
      box.appendChild(errorView(r.body));
      return false;
    }
    state.tool = r.body;
    renderTool();
    return true;
  });
}

/** @param {Record<string, unknown>} a the tool's annotations */
function annotationBadges(a) {
  const out = [];
  if (a.read_only === true) out.push(el('span', { class: 'badge', text: 'read_only' }));
  if (a.read_only === false) out.push(el('span', { class: 'badge warn', text: 'writes' }));
  if (a.destructive === true) out.push(el('span', { class: 'badge danger', text: 'destructive' }));
  if (a.idempotent === true) out.push(el('span', { class: 'badge', text: 'idempotent' }));
  if (a.open_world === true) out.push(el('span', { class: 'badge warn', text: 'open_world' }));
  return out;
}

export function renderTool() {
  const t = state.tool;
  if (!t) return;
  const box = clear($('tool'));
  box.appendChild(el('h2', { text: t.id + (t.name && t.name !== t.id ? ` — ${t.name}` : '') }));
  box.appendChild(
    el(
      'div',
      { class: 'row' },
      annotationBadges(t.annotations || {}).concat(
        [el('span', { class: 'mute', text: `toolbox ${t.toolbox_id} · ${t.executor}${t.timeout_ms ? ` · timeout ${t.timeout_ms} ms` : ''}` })],
        t.shadowed_by ? [el('span', { class: 'badge warn', id: 'shadowed-by', text: `shadowed by ${t.shadowed_by}: called here with toolbox_id` })] : [],
      ),
    ),
  );
  box.appendChild(el('div', { class: 'tags' }, (t.tags || []).map((g) => el('span', { class: 'tag', text: g }))));
  box.appendChild(el('pre', { id: 'description', text: t.description }));
  box.appendChild(el('h3', { text: 'Arguments' }));
  const form = el('form', { id: 'args-form' });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void invoke();
  });
  state.fields = buildFields(t.input_schema || {}, form);
  const raw = el('textarea', { id: 'raw-args', rows: 6, spellcheck: 'false' });
  const useRaw = el('input', { type: 'checkbox', id: 'use-raw' });
  useRaw.addEventListener('change', () => {
    if (useRaw.checked) raw.value = json(readForm());
    raw.hidden = !useRaw.checked;
  });
  if (!state.fields) {
    useRaw.checked = true;
    useRaw.disabled = true;
    raw.value = '{}';
  }
  raw.hidden = !useRaw.checked;
  form.appendChild(el('div', { class: 'field' }, [el('label', {}, [useRaw, ` send raw JSON instead of the form${state.fields ? '' : ' (this schema has no form)'}`]), raw]));
  form.appendChild(el('div', { class: 'row' }, [el('button', { type: 'submit', id: 'invoke', text: 'Invoke' })]));
  box.appendChild(form);
  box.appendChild(el('div', { id: 'outcome' }));
  const examples = t.examples || [];
  if (examples.length) {
    box.appendChild(el('h3', { text: 'Examples' }));
    examples.forEach((ex, i) => {
      const e = /** @type {any} */ (ex);
      const args = e && typeof e === 'object' ? ('arguments' in e ? e.arguments : 'args' in e ? e.args : e) : e;
      box.appendChild(
        el('div', { class: 'example' }, [
          el('div', { class: 'row' }, [
            el('button', { type: 'button', class: 'ghost', 'data-example': i, text: `Load example ${i + 1}`, onclick: () => loadArgs(args) }),
            e && e.description ? el('span', { class: 'mute', text: String(e.description) }) : null,
          ]),
          el('pre', { text: json(ex) }),
        ]),
      );
    });
  }
  box.appendChild(el('h3', { text: 'input_schema' }));
  box.appendChild(el('pre', { id: 'input-schema', text: json(t.input_schema) }));
  box.appendChild(el('h3', { text: 'output_schema' }));
  box.appendChild(el('pre', { id: 'output-schema', text: json(t.output_schema) }));
}


export function invoke() {
  const t = state.tool;
  if (!t) return Promise.resolve();
  const out = clear($('outcome'));
  /** @type {unknown} */
  let args;
  if (input('use-raw').checked) {
    try {
      args = JSON.parse(/** @type {HTMLTextAreaElement} */ ($('raw-args')).value || '{}');
    } catch (e) {
      out.appendChild(errorView({ code: 'invalid_json', error: `the raw arguments are not JSON: ${/** @type {Error} */ (e).message} (nothing was sent)` }));
      return Promise.resolve();
    }
  } else args = readForm();
  out.appendChild(el('p', { class: 'mute', text: 'invoking…' }));
  /** @type {Record<string, unknown>} */
  const body = { tool_id: t.id, args, context: {} };
  if (t.shadowed_by) body.toolbox_id = t.toolbox_id;
  return api('POST', '/internal/tools/call', body).then((r) => {
    clear(out);
    const b = r.body || {};
    const meta = el('div', { class: 'mute', text: `HTTP ${r.status}${b.latency_ms !== undefined ? ` · latency ${b.latency_ms} ms` : ''}` });
    if (b.ok === true) {
      out.appendChild(el('div', { class: 'outcome ok' }, [el('div', { text: 'result' }), el('pre', { id: 'result', text: json(b.result) }), meta]));
    } else {
      const view = errorView(b);
      view.appendChild(meta);
      out.appendChild(view);
    }
  });
}

