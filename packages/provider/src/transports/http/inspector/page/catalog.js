// @ts-check
/**
 * The inspector page's catalog panel: the tool list from `GET /internal/tools?summary=true`, the search box and the
 * tag filter.
 */
import { api } from './api.js';
import { $, clear, el, input } from './dom.js';
import { state } from './state.js';
import { openTool } from './toolView.js';

/**
 * @param {string} text
 * @param {boolean} [bad]
 */
function setStatus(text, bad) {
  const s = $('status');
  s.textContent = text;
  s.style.color = bad ? '#fda29b' : '';
}

export function loadCatalog() {
  return api('GET', '/internal/tools?summary=true').then((r) => {
    if (r.status !== 200) {
      setStatus((r.body && r.body.error) || `HTTP ${r.status}`, true);
      state.tools = [];
      renderCatalog();
      return;
    }
    setStatus('');
    state.tools = r.body.tools || [];
    renderCatalog();
  });
}

export function renderCatalog() {
  /** @type {Set<string>} */
  const all = new Set();
  for (const t of state.tools) for (const g of t.tags || []) all.add(g);
  for (const g of state.tags) if (!all.has(g)) state.tags.delete(g);
  const tf = clear($('tag-filter'));
  for (const g of Array.from(all).sort()) {
    tf.appendChild(
      el('span', {
        class: `tag${state.tags.has(g) ? ' on' : ''}`,
        'data-tag': g,
        text: g,
        onclick: () => {
          if (state.tags.has(g)) state.tags.delete(g);
          else state.tags.add(g);
          renderCatalog();
        },
      }),
    );
  }
  const q = input('search').value.trim().toLowerCase();
  const shown = state.tools.filter((t) => {
    const tags = t.tags || [];
    const hasTags = Array.from(state.tags).every((g) => tags.indexOf(g) >= 0);
    const hay = [t.id, t.name, t.summary, t.toolbox_id].concat(tags).join(' ').toLowerCase();
    return hasTags && (!q || hay.indexOf(q) >= 0);
  });
  $('count').textContent = `(${shown.length} of ${state.tools.length})`;
  const ul = clear($('catalog'));
  for (const t of shown) {
    ul.appendChild(
      el(
        'li',
        {
          'data-tool': t.id,
          'data-toolbox': t.toolbox_id,
          class: (state.tool && state.tool.id === t.id && state.tool.toolbox_id === t.toolbox_id ? 'sel' : '') + (t.shadowed_by ? ' shadowed' : ''),
          onclick: () => void openTool(t.id, t.shadowed_by ? t.toolbox_id : undefined).then((opened) => opened && renderCatalog()),
        },
        [
          el('div', { class: 'id', text: t.id }),
          el('div', { class: 'sum', text: t.summary || '' }),
          el('div', { class: 'where', text: `${t.toolbox_id} · ${t.executor}${t.shadowed_by ? ` · shadowed by ${t.shadowed_by}` : ''}` }),
        ],
      ),
    );
  }
}
