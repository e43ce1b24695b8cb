// @ts-check
/**
 * The inspector page's script, served at `GET /inspector/inspector.js` (a classic script, loaded with `defer` by
 * inspector.html). Vanilla DOM code with no framework and no external resource, type-checked by tsc (`checkJs`, see
 * tsconfig.json beside it). It talks to the same origin's HTTP API only: `GET /internal/tools?summary=true` (catalog,
 * search, tag filter), `GET /internal/tools/{tool_id}` (schemas, examples, annotations, a form generated from
 * `input_schema`), `POST /internal/tools/call` (the `result`, or the `error` text and `code` exactly as a model sees
 * them), `POST /internal/tools/reload` (what was added, removed, updated) and `GET /internal/events` (the live
 * tools-topic traffic of the provider's messagebus, read as server-sent events over `fetch` so the secret header can
 * be sent). A secret field sends `X-Internal-Secret` when the server needs one. Every tool text goes into the page
 * through `textContent`, never as HTML (descriptions and schemas are untrusted).
 */
'use strict';

/** @typedef {Record<string, any>} JsonSchema a JSON Schema object, as the API sends it (untrusted) */

/**
 * @typedef {object} ToolSummary one catalog row of `GET /internal/tools?summary=true`
 * @property {string} id
 * @property {string} [name]
 * @property {string} [summary]
 * @property {string} toolbox_id
 * @property {string} executor
 * @property {string[]} [tags]
 * @property {string} [shadowed_by] the toolbox whose tool of this name wins (this one is reached with toolbox_id)
 */

/**
 * @typedef {object} ToolDetail the answer of `GET /internal/tools/{tool_id}`
 * @property {string} id
 * @property {string} [name]
 * @property {string} description
 * @property {string} toolbox_id
 * @property {string} executor
 * @property {number} [timeout_ms]
 * @property {string} [shadowed_by]
 * @property {string[]} [tags]
 * @property {Record<string, unknown>} [annotations]
 * @property {JsonSchema} [input_schema]
 * @property {JsonSchema} [output_schema]
 * @property {unknown[]} [examples]
 */

/**
 * @typedef {object} Field one generated form input and how its text becomes a JSON value
 * @property {string} name
 * @property {'enum' | 'boolean' | 'number' | 'integer' | 'string' | 'array' | 'json'} kind
 * @property {JsonSchema} schema
 * @property {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement} input
 * @property {unknown[] | null} choices
 * @property {boolean} required
 */

/** @typedef {{ status: number, body: any }} ApiAnswer an HTTP answer: status 0 when the request failed */

(function () {
  /** @type {{ tools: ToolSummary[], tags: Set<string>, tool: ToolDetail | null, fields: Field[] | null }} */
  const state = { tools: [], tags: new Set(), tool: null, fields: [] };

  /**
   * The element with this id; the page's markup holds every id used here.
   * @param {string} id
   * @returns {HTMLElement}
   */
  function $(id) {
    const node = document.getElementById(id);
    if (!node) throw new Error(`inspector: #${id} is missing from the page`);
    return node;
  }

  /**
   * An input element of the page by id.
   * @param {string} id
   * @returns {HTMLInputElement}
   */
  function input(id) {
    return /** @type {HTMLInputElement} */ ($(id));
  }

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

  /**
   * Builds an element; text only ever goes in through textContent (tool texts are untrusted).
   * @template {keyof HTMLElementTagNameMap} K
   * @param {K} tag
   * @param {Record<string, unknown>} [attrs] attributes; `text` sets textContent, `onclick`/`oninput`/`onchange` add listeners
   * @param {Array<Node | string | null | undefined>} [children]
   * @returns {HTMLElementTagNameMap[K]}
   */
  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'text') node.textContent = String(v);
      else if (k === 'onclick' || k === 'oninput' || k === 'onchange') node.addEventListener(k.slice(2), /** @type {EventListener} */ (v));
      else node.setAttribute(k, v === true ? '' : String(v));
    }
    for (const c of children || []) if (c) node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
    return node;
  }

  /** @param {unknown} v */
  function json(v) {
    return JSON.stringify(v, null, 2);
  }

  /**
   * Removes every child of `node`.
   * @template {Node} N
   * @param {N} node
   * @returns {N}
   */
  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
    return node;
  }

  /** @returns {Record<string, string>} the secret header, when the field holds one */
  function secretHeaders() {
    /** @type {Record<string, string>} */
    const headers = {};
    if (secretInput.value) headers['X-Internal-Secret'] = secretInput.value;
    return headers;
  }

  /**
   * fetch against the same origin, logged in the traffic panel; answers {status, body} and never throws.
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body]
   * @returns {Promise<ApiAnswer>}
   */
  function api(method, path, body) {
    const headers = secretHeaders();
    if (body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    /** @type {RequestInit} */
    const init = { method, headers };
    if (body !== undefined) init.body = JSON.stringify(body);
    return fetch(path, init).then(
      (res) =>
        res.text().then((text) => {
          /** @type {unknown} */
          let parsed;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = text;
          }
          logEntry(method, path, res.status, performance.now() - started, body, parsed);
          return { status: res.status, body: parsed };
        }),
      (/** @type {Error} */ err) => {
        const failure = { ok: false, code: 'network', error: `request failed: ${err.message}` };
        logEntry(method, path, 0, performance.now() - started, body, failure);
        return { status: 0, body: failure };
      },
    );
  }

  /**
   * Adds one request to the HTTP traffic panel (newest first, at most 200).
   * @param {string} method
   * @param {string} path
   * @param {number} status
   * @param {number} ms
   * @param {unknown} request
   * @param {unknown} response
   */
  function logEntry(method, path, status, ms, request, response) {
    const cls = `s${String(status).charAt(0)}`;
    const entry = el('details', {}, [
      el('summary', {}, [el('span', { class: cls, text: String(status || 'ERR') }), ` ${method} ${path} `, el('span', { class: 'mute', text: `${ms.toFixed(0)} ms` })]),
      request !== undefined ? el('pre', { text: `> ${json(request)}` }) : null,
      el('pre', { text: `< ${typeof response === 'string' ? response : json(response)}` }),
    ]);
    const log = $('log');
    log.insertBefore(entry, log.firstChild);
    while (log.childNodes.length > 200 && log.lastChild) log.removeChild(log.lastChild);
  }
  $('clear-log').addEventListener('click', () => void clear($('log')));

  // Live bus traffic: GET /internal/events as server-sent events, read with fetch (EventSource cannot send the
  // secret header). Reconnects after an error; "pause" stops the stream, "resume" opens a new one.
  /** @type {{ controller: AbortController | null, paused: boolean, retry: ReturnType<typeof setTimeout> | undefined }} */
  const bus = { controller: null, paused: false, retry: undefined };

  /**
   * @param {string} text
   * @param {boolean} [bad]
   */
  function busStatus(text, bad) {
    const s = $('bus-status');
    s.textContent = text;
    s.style.color = bad ? '#fda29b' : '';
  }

  /** @param {{ type: string, time: string, data: unknown, context: unknown }} ev */
  function busEntry(ev) {
    const isAnswer = /\.response$/.test(ev.type);
    const entry = el('details', { class: 'bus-msg', 'data-type': ev.type }, [
      el('summary', {}, [el('span', { class: isAnswer ? 's2' : 'mute', text: isAnswer ? '<' : '>' }), ` ${ev.type} `, el('span', { class: 'mute', text: String(ev.time).slice(11, 23) })]),
      el('pre', { text: json({ data: ev.data, context: ev.context }) }),
    ]);
    const log = $('bus-log');
    log.insertBefore(entry, log.firstChild);
    while (log.childNodes.length > 200 && log.lastChild) log.removeChild(log.lastChild);
  }

  /** @param {string} block one server-sent event (`event:` and `data:` lines) */
  function handleBlock(block) {
    let name = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.indexOf('event:') === 0) name = line.slice(6).trim();
      else if (line.indexOf('data:') === 0) data += line.slice(5).trim();
    }
    if (!data) return;
    /** @type {any} */
    let parsed;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    if (name === 'dropped') busEntry({ type: `(${parsed.dropped} messages dropped: the page fell behind)`, time: new Date().toISOString(), data: {}, context: {} });
    else if (name === 'message') busEntry(parsed);
  }

  function connectBus() {
    if (bus.paused) return;
    clearTimeout(bus.retry);
    if (bus.controller) bus.controller.abort();
    const controller = new AbortController();
    bus.controller = controller;
    fetch('/internal/events', { headers: secretHeaders(), signal: controller.signal })
      .then((res) => {
        if (res.status !== 200) {
          return res.text().then((text) => {
            /** @type {any} */
            let b;
            try {
              b = JSON.parse(text);
            } catch {
              b = { error: text };
            }
            busStatus(`live bus traffic unavailable: HTTP ${res.status} ${b.error || ''}`, true);
            if (res.status === 401 || res.status === 503) scheduleBus(5000);
          });
        }
        busStatus('live: messages on the ovos.tools.* and ovos.persona.tools.* topics, from every bus client, newest first.');
        if (!res.body) return undefined;
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        /** @returns {Promise<void>} */
        const pump = () =>
          reader.read().then((chunk) => {
            if (chunk.done) {
              scheduleBus(2000);
              return undefined;
            }
            buffer += decoder.decode(chunk.value, { stream: true });
            let cut;
            while ((cut = buffer.indexOf('\n\n')) >= 0) {
              handleBlock(buffer.slice(0, cut));
              buffer = buffer.slice(cut + 2);
            }
            return pump();
          });
        return pump();
      })
      .catch((/** @type {Error} */ err) => {
        if (controller.signal.aborted) return;
        busStatus(`live bus traffic interrupted (${err.message}); reconnecting…`, true);
        scheduleBus(2000);
      });
  }

  /** @param {number} ms */
  function scheduleBus(ms) {
    clearTimeout(bus.retry);
    bus.retry = setTimeout(connectBus, ms);
  }
  $('bus-live').addEventListener('click', () => {
    bus.paused = !bus.paused;
    $('bus-live').textContent = bus.paused ? 'resume' : 'pause';
    if (bus.paused) {
      clearTimeout(bus.retry);
      if (bus.controller) bus.controller.abort();
      busStatus('paused');
    } else connectBus();
  });
  $('clear-bus').addEventListener('click', () => void clear($('bus-log')));
  secretInput.addEventListener('change', connectBus);

  /**
   * @param {string} text
   * @param {boolean} [bad]
   */
  function setStatus(text, bad) {
    const s = $('status');
    s.textContent = text;
    s.style.color = bad ? '#fda29b' : '';
  }

  function loadCatalog() {
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

  function renderCatalog() {
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
            onclick: () => void openTool(t.id, t.shadowed_by ? t.toolbox_id : undefined),
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
  $('search').addEventListener('input', renderCatalog);

  /**
   * Opens a tool: the one its name calls, or with `toolboxId` that toolbox's (a shadowed tool).
   * @param {string} id
   * @param {string} [toolboxId]
   */
  function openTool(id, toolboxId) {
    return api('GET', `/internal/tools/${encodeURIComponent(id)}${toolboxId ? `?toolbox_id=${encodeURIComponent(toolboxId)}` : ''}`).then((r) => {
      const box = clear($('tool'));
      if (r.status !== 200) {
        box.appendChild(errorView(r.body));
        return;
      }
      state.tool = r.body;
      renderTool();
      renderCatalog();
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

  function renderTool() {
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

  /** @param {JsonSchema | undefined} s */
  function primitive(s) {
    return Boolean(s && (s.type === 'string' || s.type === 'number' || s.type === 'integer' || s.type === 'boolean'));
  }

  /**
   * The values a schema allows, when it is an `enum` or a union of `const`s.
   * @param {JsonSchema | undefined} s
   * @returns {unknown[] | null}
   */
  function enumOf(s) {
    if (!s) return null;
    if (Array.isArray(s.enum)) return s.enum;
    const alts = s.anyOf || s.oneOf;
    if (Array.isArray(alts) && alts.length && alts.every((a) => a && 'const' in a)) return alts.map((a) => a.const);
    return null;
  }

  /**
   * One input per property of an object schema; null when the schema is not an object with properties.
   * @param {JsonSchema} schema
   * @param {HTMLFormElement} form
   * @returns {Field[] | null}
   */
  function buildFields(schema, form) {
    if (!schema || schema.type !== 'object' || !schema.properties) return null;
    /** @type {string[]} */
    const required = schema.required || [];
    return Object.keys(schema.properties).map((name) => {
      /** @type {JsonSchema} */
      const s = schema.properties[name] || {};
      const choices = enumOf(s);
      /** @type {Field['kind']} */
      let kind;
      /** @type {Field['input']} */
      let control;
      const id = `arg-${name}`;
      if (choices) {
        kind = 'enum';
        control = el('select', { id, name }, [el('option', { value: '', text: '(unset)' })].concat(choices.map((c, i) => el('option', { value: String(i), text: JSON.stringify(c) }))));
      } else if (s.type === 'boolean') {
        kind = 'boolean';
        control = el('select', { id, name }, [el('option', { value: '', text: '(unset)' }), el('option', { value: 'true', text: 'true' }), el('option', { value: 'false', text: 'false' })]);
      } else if (s.type === 'number' || s.type === 'integer') {
        kind = s.type;
        control = el('input', { id, name, type: 'text', inputmode: 'decimal', placeholder: s.type });
      } else if (s.type === 'string') {
        kind = 'string';
        control = el('input', { id, name, type: 'text', placeholder: s.format || 'string' });
      } else if (s.type === 'array' && primitive(s.items)) {
        kind = 'array';
        control = el('textarea', { id, name, rows: 3, placeholder: `one ${s.items.type} per line` });
      } else {
        kind = 'json';
        control = el('textarea', { id, name, rows: 3, placeholder: 'JSON' });
      }
      /** @type {Field} */
      const field = { name, kind, schema: s, input: control, choices, required: required.indexOf(name) >= 0 };
      if ('default' in s) setField(field, s.default);
      const hints = [];
      if (s.description) hints.push(s.description);
      if ('default' in s) hints.push(`default ${JSON.stringify(s.default)}`);
      if (s.minimum !== undefined) hints.push(`min ${s.minimum}`);
      if (s.maximum !== undefined) hints.push(`max ${s.maximum}`);
      form.appendChild(
        el('div', { class: 'field' }, [
          el('label', { for: id }, [`${name} `, el('span', { class: 'mute', text: kind === 'json' ? 'JSON' : s.type || '' }), field.required ? el('span', { class: 'req', text: ' *' }) : null]),
          control,
          hints.length ? el('div', { class: 'desc', text: hints.join(' · ') }) : null,
        ]),
      );
      return field;
    });
  }

  /**
   * Shows `v` in a field (empty for `undefined`).
   * @param {Field} f
   * @param {unknown} v
   */
  function setField(f, v) {
    if (v === undefined) {
      f.input.value = '';
      return;
    }
    if (f.kind === 'enum') {
      const i = (f.choices || []).findIndex((c) => JSON.stringify(c) === JSON.stringify(v));
      f.input.value = i >= 0 ? String(i) : '';
    } else if (f.kind === 'boolean') f.input.value = v === true ? 'true' : v === false ? 'false' : '';
    else if (f.kind === 'array') f.input.value = Array.isArray(v) ? v.map(String).join('\n') : json(v);
    else if (f.kind === 'json') f.input.value = json(v);
    else f.input.value = String(v);
  }

  /**
   * The form's arguments; empty fields are left out so that the tool's own defaults and required checks apply.
   * @returns {Record<string, unknown>}
   */
  function readForm() {
    /** @type {Record<string, unknown>} */
    const args = {};
    for (const f of state.fields || []) {
      const v = f.input.value;
      if (v === '') continue;
      if (f.kind === 'enum') args[f.name] = (f.choices || [])[Number(v)];
      else if (f.kind === 'boolean') args[f.name] = v === 'true';
      else if (f.kind === 'number' || f.kind === 'integer') {
        const n = Number(v.trim());
        args[f.name] = v.trim() !== '' && Number.isFinite(n) ? n : v;
      } else if (f.kind === 'array') {
        const t = f.schema.items.type;
        args[f.name] = v
          .split('\n')
          .filter((x) => x !== '')
          .map((x) => {
            if (t === 'number' || t === 'integer') {
              const k = Number(x);
              return Number.isFinite(k) ? k : x;
            }
            if (t === 'boolean') return x === 'true' ? true : x === 'false' ? false : x;
            return x;
          });
      } else if (f.kind === 'json') {
        try {
          args[f.name] = JSON.parse(v);
        } catch {
          args[f.name] = v;
        }
      } else args[f.name] = v;
    }
    return args;
  }

  /** @param {unknown} args an example's arguments, put into the form and the raw JSON box */
  function loadArgs(args) {
    const raw = /** @type {HTMLTextAreaElement | null} */ (document.getElementById('raw-args'));
    if (raw) raw.value = json(args === undefined ? {} : args);
    if (!state.fields) return;
    const obj = /** @type {Record<string, unknown>} */ (args && typeof args === 'object' ? args : {});
    for (const f of state.fields) setField(f, obj[f.name]);
    const useRaw = /** @type {HTMLInputElement | null} */ (document.getElementById('use-raw'));
    if (useRaw) useRaw.checked = false;
    if (raw) raw.hidden = true;
  }

  /** @param {any} body an error answer: `{error, code}` */
  function errorView(body) {
    return el('div', { class: 'outcome err' }, [
      el('div', {}, ['error ', el('span', { class: 'code', id: 'error-code', text: body && body.code ? body.code : '(no code)' })]),
      el('pre', { id: 'error-text', text: body && body.error !== undefined ? String(body.error) : json(body) }),
    ]);
  }

  function invoke() {
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
})();
