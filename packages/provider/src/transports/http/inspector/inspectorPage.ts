/**
 * The inspector page served at `GET /inspector`: one HTML document with inline style and vanilla script, no
 * framework and no external resource (it works offline and under the route's `default-src 'none'` CSP). It talks
 * to the same origin's HTTP API only: `GET /internal/tools?summary=true` (catalog, search, tag filter),
 * `GET /internal/tools/{tool_id}` (schemas, examples, annotations, a form generated from `input_schema`),
 * `POST /internal/tools/call` (the `result`, or the `error` text and `code` exactly as a model sees them) and
 * `POST /internal/tools/reload` (what was added, removed, updated) and `GET /internal/events` (the live tools-topic
 * traffic of the provider's messagebus, from every client, read as server-sent events over `fetch` so the secret
 * header can be sent). A traffic panel shows the bus messages and this page's own requests and answers.
 * A secret field sends `X-Internal-Secret` when the server needs one. Every tool text goes into the page through
 * `textContent`, never as HTML (descriptions and schemas are untrusted).
 *
 * Kept as a `String.raw` literal so that tsc ships it in `dist` with no copy step: the script must not contain
 * backticks or dollar-brace sequences.
 */
export const inspectorHtml = String.raw`
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ovos-tools inspector</title>
<style>
  :root { --bg:#f6f7f9; --panel:#fff; --line:#d8dce3; --ink:#1d2330; --mute:#667085; --acc:#2454c5; --bad:#b42318; --ok:#067647; }
  * { box-sizing: border-box; }
  body { margin:0; font:14px/1.4 system-ui, sans-serif; color:var(--ink); background:var(--bg); }
  header { display:flex; gap:12px; align-items:center; padding:8px 14px; background:#1d2330; color:#fff; }
  header h1 { font-size:16px; margin:0 12px 0 0; }
  header h1, header button { white-space:nowrap; }
  header #secret { width:280px; }
  header .spacer { flex:1; }
  main { display:grid; grid-template-columns: 300px 1fr 360px; gap:10px; padding:10px; height:calc(100vh - 46px); }
  section { background:var(--panel); border:1px solid var(--line); border-radius:6px; padding:10px; overflow:auto; }
  h2 { font-size:14px; margin:0 0 8px; }
  h3 { font-size:13px; margin:12px 0 4px; color:var(--mute); text-transform:uppercase; letter-spacing:.04em; }
  input, select, textarea, button { font:inherit; }
  input[type=text], input[type=number], input[type=password], input[type=search], select, textarea { width:100%; padding:4px 6px; border:1px solid var(--line); border-radius:4px; }
  textarea { font-family:ui-monospace, monospace; font-size:12px; min-height:60px; }
  button { padding:4px 10px; border:1px solid var(--acc); background:var(--acc); color:#fff; border-radius:4px; cursor:pointer; }
  button.ghost { background:#fff; color:var(--acc); }
  pre { background:#f2f4f7; padding:6px; border-radius:4px; white-space:pre-wrap; word-break:break-word; font-size:12px; margin:4px 0; }
  .tags { display:flex; flex-wrap:wrap; gap:4px; margin:6px 0; }
  .tag { font-size:11px; padding:1px 7px; border:1px solid var(--line); border-radius:10px; background:#fff; color:var(--ink); cursor:pointer; }
  .tag.on { background:var(--acc); border-color:var(--acc); color:#fff; }
  .badge { font-size:11px; padding:1px 6px; border-radius:3px; background:#eef2f6; margin-right:4px; }
  .badge.warn { background:#fef0c7; } .badge.danger { background:#fee4e2; color:var(--bad); }
  ul.catalog { list-style:none; padding:0; margin:0; }
  ul.catalog li { padding:6px; border-bottom:1px solid var(--line); cursor:pointer; }
  ul.catalog li:hover, ul.catalog li.sel { background:#eef4ff; }
  ul.catalog .id { font-weight:600; font-family:ui-monospace, monospace; font-size:12px; }
  ul.catalog .sum { color:var(--mute); font-size:12px; }
  ul.catalog .where { color:var(--mute); font-size:11px; }
  ul.catalog li.shadowed .id { text-decoration: line-through dotted; color:var(--mute); }
  #reload-report { border:1px solid var(--line); border-radius:6px; padding:6px 8px; margin-bottom:8px; background:#f8fafc; font-size:12px; }
  #reload-report h2 { font-size:13px; }
  .field { margin:6px 0; }
  .field label { display:block; font-weight:600; font-size:12px; font-family:ui-monospace, monospace; }
  .field .desc { color:var(--mute); font-size:11px; }
  .req { color:var(--bad); }
  .outcome { border-left:4px solid var(--line); padding-left:8px; margin-top:8px; }
  .outcome.ok { border-color:var(--ok); } .outcome.err { border-color:var(--bad); }
  .outcome .code { font-family:ui-monospace, monospace; color:var(--bad); font-weight:600; }
  .log details { border-bottom:1px solid var(--line); padding:3px 0; font-size:12px; }
  .log summary { cursor:pointer; font-family:ui-monospace, monospace; }
  .s2 { color:var(--ok); } .s4, .s5 { color:var(--bad); }
  .mute { color:var(--mute); }
  .row { display:flex; gap:6px; align-items:center; flex-wrap:wrap; }
</style>
</head>
<body>
<header>
  <h1>ovos-tools inspector</h1>
  <label for="secret">Secret</label>
  <input id="secret" type="password" placeholder="X-Internal-Secret (if required)" autocomplete="off">
  <span class="spacer"></span>
  <span id="status" class="mute"></span>
  <button id="reload" type="button">Reload toolboxes</button>
</header>
<main>
  <section id="catalog-panel">
    <div id="reload-report" hidden></div>
    <h2>Catalog <span id="count" class="mute"></span></h2>
    <input id="search" type="search" placeholder="Search name, summary, tag">
    <div id="tag-filter" class="tags"></div>
    <ul id="catalog" class="catalog"></ul>
  </section>
  <section id="tool-panel">
    <div id="tool"><p class="mute">Pick a tool from the catalog.</p></div>
  </section>
  <section id="log-panel" class="log">
    <h2>Bus traffic <button id="bus-live" class="ghost" type="button">pause</button> <button id="clear-bus" class="ghost" type="button">clear</button></h2>
    <p id="bus-status" class="mute">Messages on the ovos.tools.* and ovos.persona.tools.* topics, from every bus client, newest first.</p>
    <div id="bus-log"></div>
    <h2>HTTP traffic <button id="clear-log" class="ghost" type="button">clear</button></h2>
    <p class="mute">This page's requests to the tools HTTP API, newest first.</p>
    <div id="log"></div>
  </section>
</main>
<script>
'use strict';
(function () {
  var state = { tools: [], tags: new Set(), tool: null, fields: [] };
  var $ = function (id) { return document.getElementById(id); };
  var secretInput = $('secret');
  try { secretInput.value = sessionStorage.getItem('ovos-tools-secret') || ''; } catch (e) { /* storage disabled */ }
  secretInput.addEventListener('change', function () {
    try { sessionStorage.setItem('ovos-tools-secret', secretInput.value); } catch (e) { /* storage disabled */ }
    loadCatalog();
  });

  /** Builds an element; text only ever goes in through textContent (tool texts are untrusted). */
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      var v = attrs[k];
      if (v === undefined || v === null || v === false) return;
      if (k === 'text') node.textContent = String(v);
      else if (k === 'onclick' || k === 'oninput' || k === 'onchange') node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? '' : String(v));
    });
    (children || []).forEach(function (c) { if (c) node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); });
    return node;
  }
  function json(v) { return JSON.stringify(v, null, 2); }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }

  /** fetch against the same origin, logged in the traffic panel; answers {status, body} and never throws. */
  function api(method, path, body) {
    var headers = {};
    if (secretInput.value) headers['X-Internal-Secret'] = secretInput.value;
    if (body !== undefined) headers['content-type'] = 'application/json';
    var started = performance.now();
    var init = { method: method, headers: headers };
    if (body !== undefined) init.body = JSON.stringify(body);
    return fetch(path, init).then(function (res) {
      return res.text().then(function (text) {
        var parsed;
        try { parsed = JSON.parse(text); } catch (e) { parsed = text; }
        logEntry(method, path, res.status, performance.now() - started, body, parsed);
        return { status: res.status, body: parsed };
      });
    }, function (err) {
      var failure = { ok: false, code: 'network', error: 'request failed: ' + err.message };
      logEntry(method, path, 0, performance.now() - started, body, failure);
      return { status: 0, body: failure };
    });
  }

  function logEntry(method, path, status, ms, request, response) {
    var cls = 's' + String(status).charAt(0);
    var entry = el('details', {}, [
      el('summary', {}, [el('span', { class: cls, text: String(status || 'ERR') }), ' ' + method + ' ' + path + ' ', el('span', { class: 'mute', text: ms.toFixed(0) + ' ms' })]),
      request !== undefined ? el('pre', { text: '> ' + json(request) }) : null,
      el('pre', { text: '< ' + (typeof response === 'string' ? response : json(response)) }),
    ]);
    var log = $('log');
    log.insertBefore(entry, log.firstChild);
    while (log.childNodes.length > 200) log.removeChild(log.lastChild);
  }
  $('clear-log').addEventListener('click', function () { clear($('log')); });

  // Live bus traffic: GET /internal/events as server-sent events, read with fetch (EventSource cannot send the
  // secret header). Reconnects after an error; "pause" stops the stream, "resume" opens a new one.
  var bus = { controller: null, paused: false, retry: null };
  function busStatus(text, bad) { var s = $('bus-status'); s.textContent = text; s.style.color = bad ? '#fda29b' : ''; }
  function busEntry(ev) {
    var isAnswer = /\.response$/.test(ev.type);
    var entry = el('details', { class: 'bus-msg', 'data-type': ev.type }, [
      el('summary', {}, [el('span', { class: isAnswer ? 's2' : 'mute', text: isAnswer ? '<' : '>' }), ' ' + ev.type + ' ', el('span', { class: 'mute', text: String(ev.time).slice(11, 23) })]),
      el('pre', { text: json({ data: ev.data, context: ev.context }) }),
    ]);
    var log = $('bus-log');
    log.insertBefore(entry, log.firstChild);
    while (log.childNodes.length > 200) log.removeChild(log.lastChild);
  }
  function handleBlock(block) {
    var name = 'message', data = '';
    block.split('\n').forEach(function (line) {
      if (line.indexOf('event:') === 0) name = line.slice(6).trim();
      else if (line.indexOf('data:') === 0) data += line.slice(5).trim();
    });
    if (!data) return;
    var parsed;
    try { parsed = JSON.parse(data); } catch (e) { return; }
    if (name === 'dropped') busEntry({ type: '(' + parsed.dropped + ' messages dropped: the page fell behind)', time: new Date().toISOString(), data: {}, context: {} });
    else if (name === 'message') busEntry(parsed);
  }
  function connectBus() {
    if (bus.paused) return;
    clearTimeout(bus.retry);
    if (bus.controller) bus.controller.abort();
    var headers = {};
    if (secretInput.value) headers['X-Internal-Secret'] = secretInput.value;
    var controller = new AbortController();
    bus.controller = controller;
    fetch('/internal/events', { headers: headers, signal: controller.signal }).then(function (res) {
      if (res.status !== 200) {
        return res.text().then(function (text) {
          var b; try { b = JSON.parse(text); } catch (e) { b = { error: text }; }
          busStatus('live bus traffic unavailable: HTTP ' + res.status + ' ' + (b.error || ''), true);
          if (res.status === 401 || res.status === 503) scheduleBus(5000);
        });
      }
      busStatus('live: messages on the ovos.tools.* and ovos.persona.tools.* topics, from every bus client, newest first.');
      var reader = res.body.getReader();
      var decoder = new TextDecoder();
      var buffer = '';
      function pump() {
        return reader.read().then(function (chunk) {
          if (chunk.done) { scheduleBus(2000); return; }
          buffer += decoder.decode(chunk.value, { stream: true });
          var cut;
          while ((cut = buffer.indexOf('\n\n')) >= 0) { handleBlock(buffer.slice(0, cut)); buffer = buffer.slice(cut + 2); }
          return pump();
        });
      }
      return pump();
    }).catch(function (err) {
      if (controller.signal.aborted) return;
      busStatus('live bus traffic interrupted (' + err.message + '); reconnecting…', true);
      scheduleBus(2000);
    });
  }
  function scheduleBus(ms) { clearTimeout(bus.retry); bus.retry = setTimeout(connectBus, ms); }
  $('bus-live').addEventListener('click', function () {
    bus.paused = !bus.paused;
    $('bus-live').textContent = bus.paused ? 'resume' : 'pause';
    if (bus.paused) { clearTimeout(bus.retry); if (bus.controller) bus.controller.abort(); busStatus('paused'); }
    else connectBus();
  });
  $('clear-bus').addEventListener('click', function () { clear($('bus-log')); });
  secretInput.addEventListener('change', connectBus);

  function setStatus(text, bad) { var s = $('status'); s.textContent = text; s.style.color = bad ? '#fda29b' : ''; }

  function loadCatalog() {
    return api('GET', '/internal/tools?summary=true').then(function (r) {
      if (r.status !== 200) { setStatus((r.body && r.body.error) || ('HTTP ' + r.status), true); state.tools = []; renderCatalog(); return; }
      setStatus('');
      state.tools = r.body.tools || [];
      renderCatalog();
    });
  }

  function renderCatalog() {
    var all = new Set();
    state.tools.forEach(function (t) { (t.tags || []).forEach(function (g) { all.add(g); }); });
    state.tags.forEach(function (g) { if (!all.has(g)) state.tags.delete(g); });
    var tf = clear($('tag-filter'));
    Array.from(all).sort().forEach(function (g) {
      tf.appendChild(el('span', { class: 'tag' + (state.tags.has(g) ? ' on' : ''), 'data-tag': g, text: g, onclick: function () {
        if (state.tags.has(g)) state.tags.delete(g); else state.tags.add(g);
        renderCatalog();
      } }));
    });
    var q = $('search').value.trim().toLowerCase();
    var shown = state.tools.filter(function (t) {
      var tags = t.tags || [];
      var hasTags = Array.from(state.tags).every(function (g) { return tags.indexOf(g) >= 0; });
      var hay = [t.id, t.name, t.summary, t.toolbox_id].concat(tags).join(' ').toLowerCase();
      return hasTags && (!q || hay.indexOf(q) >= 0);
    });
    $('count').textContent = '(' + shown.length + ' of ' + state.tools.length + ')';
    var ul = clear($('catalog'));
    shown.forEach(function (t) {
      var open = state.tool && state.tool.id === t.id && state.tool.toolbox_id === t.toolbox_id;
      ul.appendChild(el('li', { 'data-tool': t.id, 'data-toolbox': t.toolbox_id, class: (open ? 'sel' : '') + (t.shadowed_by ? ' shadowed' : ''), onclick: function () { openTool(t.id, t.shadowed_by ? t.toolbox_id : null); } }, [
        el('div', { class: 'id', text: t.id }),
        el('div', { class: 'sum', text: t.summary || '' }),
        el('div', { class: 'where', text: t.toolbox_id + ' · ' + t.executor + (t.shadowed_by ? ' · shadowed by ' + t.shadowed_by : '') }),
      ]));
    });
  }
  $('search').addEventListener('input', renderCatalog);

  /** Opens a tool: the one its name calls, or with toolboxId that toolbox's (a shadowed tool). */
  function openTool(id, toolboxId) {
    return api('GET', '/internal/tools/' + encodeURIComponent(id) + (toolboxId ? '?toolbox_id=' + encodeURIComponent(toolboxId) : '')).then(function (r) {
      var box = clear($('tool'));
      if (r.status !== 200) { box.appendChild(errorView(r.body)); return; }
      state.tool = r.body;
      renderTool();
      renderCatalog();
    });
  }

  function annotationBadges(a) {
    var out = [];
    if (a.read_only === true) out.push(el('span', { class: 'badge', text: 'read_only' }));
    if (a.read_only === false) out.push(el('span', { class: 'badge warn', text: 'writes' }));
    if (a.destructive === true) out.push(el('span', { class: 'badge danger', text: 'destructive' }));
    if (a.idempotent === true) out.push(el('span', { class: 'badge', text: 'idempotent' }));
    if (a.open_world === true) out.push(el('span', { class: 'badge warn', text: 'open_world' }));
    return out;
  }

  function renderTool() {
    var t = state.tool;
    var box = clear($('tool'));
    box.appendChild(el('h2', { text: t.id + (t.name && t.name !== t.id ? ' — ' + t.name : '') }));
    box.appendChild(el('div', { class: 'row' }, annotationBadges(t.annotations || {}).concat([
      el('span', { class: 'mute', text: 'toolbox ' + t.toolbox_id + ' · ' + t.executor + (t.timeout_ms ? ' · timeout ' + t.timeout_ms + ' ms' : '') }),
      t.shadowed_by ? el('span', { class: 'badge warn', id: 'shadowed-by', text: 'shadowed by ' + t.shadowed_by + ': called here with toolbox_id' }) : null,
    ])));
    box.appendChild(el('div', { class: 'tags' }, (t.tags || []).map(function (g) { return el('span', { class: 'tag', text: g }); })));
    box.appendChild(el('pre', { id: 'description', text: t.description }));
    box.appendChild(el('h3', { text: 'Arguments' }));
    var form = el('form', { id: 'args-form' });
    form.addEventListener('submit', function (e) { e.preventDefault(); invoke(); });
    state.fields = buildFields(t.input_schema || {}, form);
    var raw = el('textarea', { id: 'raw-args', rows: 6, spellcheck: 'false' });
    var useRaw = el('input', { type: 'checkbox', id: 'use-raw' });
    useRaw.addEventListener('change', function () {
      if (useRaw.checked) raw.value = json(readForm());
      raw.hidden = !useRaw.checked;
    });
    if (!state.fields) { useRaw.checked = true; useRaw.disabled = true; raw.value = '{}'; }
    raw.hidden = !useRaw.checked;
    form.appendChild(el('div', { class: 'field' }, [
      el('label', {}, [useRaw, ' send raw JSON instead of the form' + (state.fields ? '' : ' (this schema has no form)')]),
      raw,
    ]));
    form.appendChild(el('div', { class: 'row' }, [el('button', { type: 'submit', id: 'invoke', text: 'Invoke' })]));
    box.appendChild(form);
    box.appendChild(el('div', { id: 'outcome' }));
    var examples = t.examples || [];
    if (examples.length) {
      box.appendChild(el('h3', { text: 'Examples' }));
      examples.forEach(function (ex, i) {
        var args = ex && typeof ex === 'object' ? ('arguments' in ex ? ex.arguments : 'args' in ex ? ex.args : ex) : ex;
        box.appendChild(el('div', { class: 'example' }, [
          el('div', { class: 'row' }, [
            el('button', { type: 'button', class: 'ghost', 'data-example': i, text: 'Load example ' + (i + 1), onclick: function () { loadArgs(args); } }),
            ex && ex.description ? el('span', { class: 'mute', text: String(ex.description) }) : null,
          ]),
          el('pre', { text: json(ex) }),
        ]));
      });
    }
    box.appendChild(el('h3', { text: 'input_schema' }));
    box.appendChild(el('pre', { id: 'input-schema', text: json(t.input_schema) }));
    box.appendChild(el('h3', { text: 'output_schema' }));
    box.appendChild(el('pre', { id: 'output-schema', text: json(t.output_schema) }));
  }

  function primitive(s) { return s && (s.type === 'string' || s.type === 'number' || s.type === 'integer' || s.type === 'boolean'); }
  function enumOf(s) {
    if (!s) return null;
    if (Array.isArray(s.enum)) return s.enum;
    var alts = s.anyOf || s.oneOf;
    if (Array.isArray(alts) && alts.length && alts.every(function (a) { return a && 'const' in a; })) return alts.map(function (a) { return a.const; });
    return null;
  }

  /** One input per property of an object schema; null when the schema is not an object with properties. */
  function buildFields(schema, form) {
    if (!schema || schema.type !== 'object' || !schema.properties) return null;
    var required = schema.required || [];
    return Object.keys(schema.properties).map(function (name) {
      var s = schema.properties[name] || {};
      var choices = enumOf(s);
      var kind, input;
      var id = 'arg-' + name;
      if (choices) {
        kind = 'enum';
        input = el('select', { id: id, name: name }, [el('option', { value: '', text: '(unset)' })].concat(choices.map(function (c, i) { return el('option', { value: String(i), text: JSON.stringify(c) }); })));
      } else if (s.type === 'boolean') {
        kind = 'boolean';
        input = el('select', { id: id, name: name }, [el('option', { value: '', text: '(unset)' }), el('option', { value: 'true', text: 'true' }), el('option', { value: 'false', text: 'false' })]);
      } else if (s.type === 'number' || s.type === 'integer') {
        kind = s.type;
        input = el('input', { id: id, name: name, type: 'text', inputmode: 'decimal', placeholder: s.type });
      } else if (s.type === 'string') {
        kind = 'string';
        input = el('input', { id: id, name: name, type: 'text', placeholder: s.format || 'string' });
      } else if (s.type === 'array' && primitive(s.items)) {
        kind = 'array';
        input = el('textarea', { id: id, name: name, rows: 3, placeholder: 'one ' + s.items.type + ' per line' });
      } else {
        kind = 'json';
        input = el('textarea', { id: id, name: name, rows: 3, placeholder: 'JSON' });
      }
      var field = { name: name, kind: kind, schema: s, input: input, choices: choices, required: required.indexOf(name) >= 0 };
      if ('default' in s) setField(field, s.default);
      var hints = [];
      if (s.description) hints.push(s.description);
      if ('default' in s) hints.push('default ' + JSON.stringify(s.default));
      if (s.minimum !== undefined) hints.push('min ' + s.minimum);
      if (s.maximum !== undefined) hints.push('max ' + s.maximum);
      form.appendChild(el('div', { class: 'field' }, [
        el('label', { for: id }, [name + ' ', el('span', { class: 'mute', text: kind === 'json' ? 'JSON' : (s.type || '') }), field.required ? el('span', { class: 'req', text: ' *' }) : null]),
        input,
        hints.length ? el('div', { class: 'desc', text: hints.join(' · ') }) : null,
      ]));
      return field;
    });
  }

  function setField(f, v) {
    if (v === undefined) { f.input.value = ''; return; }
    if (f.kind === 'enum') { var i = f.choices.findIndex(function (c) { return JSON.stringify(c) === JSON.stringify(v); }); f.input.value = i >= 0 ? String(i) : ''; }
    else if (f.kind === 'boolean') f.input.value = v === true ? 'true' : v === false ? 'false' : '';
    else if (f.kind === 'array') f.input.value = Array.isArray(v) ? v.map(String).join('\n') : json(v);
    else if (f.kind === 'json') f.input.value = json(v);
    else f.input.value = String(v);
  }

  /** The form's arguments; empty fields are left out so that the tool's own defaults and required checks apply. */
  function readForm() {
    var args = {};
    (state.fields || []).forEach(function (f) {
      var v = f.input.value;
      if (v === '') return;
      if (f.kind === 'enum') args[f.name] = f.choices[Number(v)];
      else if (f.kind === 'boolean') args[f.name] = v === 'true';
      else if (f.kind === 'number' || f.kind === 'integer') { var n = Number(v.trim()); args[f.name] = v.trim() !== '' && Number.isFinite(n) ? n : v; }
      else if (f.kind === 'array') {
        var t = f.schema.items.type;
        args[f.name] = v.split('\n').filter(function (x) { return x !== ''; }).map(function (x) {
          if (t === 'number' || t === 'integer') { var k = Number(x); return Number.isFinite(k) ? k : x; }
          if (t === 'boolean') return x === 'true' ? true : x === 'false' ? false : x;
          return x;
        });
      } else if (f.kind === 'json') { try { args[f.name] = JSON.parse(v); } catch (e) { args[f.name] = v; } }
      else args[f.name] = v;
    });
    return args;
  }

  function loadArgs(args) {
    var raw = $('raw-args');
    if (raw) raw.value = json(args === undefined ? {} : args);
    if (!state.fields) return;
    var obj = args && typeof args === 'object' ? args : {};
    state.fields.forEach(function (f) { setField(f, obj[f.name]); });
    var useRaw = $('use-raw');
    if (useRaw) useRaw.checked = false;
    if (raw) raw.hidden = true;
  }

  function errorView(body) {
    return el('div', { class: 'outcome err' }, [
      el('div', {}, ['error ', el('span', { class: 'code', id: 'error-code', text: body && body.code ? body.code : '(no code)' })]),
      el('pre', { id: 'error-text', text: body && body.error !== undefined ? String(body.error) : json(body) }),
    ]);
  }

  function invoke() {
    var t = state.tool;
    var out = clear($('outcome'));
    var args;
    if ($('use-raw').checked) {
      try { args = JSON.parse($('raw-args').value || '{}'); } catch (e) {
        out.appendChild(errorView({ code: 'invalid_json', error: 'the raw arguments are not JSON: ' + e.message + ' (nothing was sent)' }));
        return Promise.resolve();
      }
    } else args = readForm();
    out.appendChild(el('p', { class: 'mute', text: 'invoking…' }));
    var body = { tool_id: t.id, args: args, context: {} };
    if (t.shadowed_by) body.toolbox_id = t.toolbox_id;
    return api('POST', '/internal/tools/call', body).then(function (r) {
      clear(out);
      var b = r.body || {};
      var meta = el('div', { class: 'mute', text: 'HTTP ' + r.status + (b.latency_ms !== undefined ? ' · latency ' + b.latency_ms + ' ms' : '') });
      if (b.ok === true) {
        out.appendChild(el('div', { class: 'outcome ok' }, [el('div', { text: 'result' }), el('pre', { id: 'result', text: json(b.result) }), meta]));
      } else {
        var view = errorView(b);
        view.appendChild(meta);
        out.appendChild(view);
      }
    });
  }

  $('reload').addEventListener('click', function () {
    var box = $('reload-report');
    box.hidden = false;
    clear(box).appendChild(el('p', { class: 'mute', text: 'reloading…' }));
    api('POST', '/internal/tools/reload', {}).then(function (r) {
      clear(box);
      var b = r.body || {};
      if (r.status !== 200) { box.appendChild(errorView(b)); return; }
      var lines = [el('h2', { text: 'Reload: generation ' + b.generation + ', ' + b.total_tools + ' tools from ' + b.loaded.length + ' toolboxes' })];
      ['added', 'removed', 'updated'].forEach(function (k) {
        lines.push(el('div', { class: 'reload-' + k }, [el('b', { text: k + ': ' }), document.createTextNode(b[k].length ? b[k].join(', ') : 'none')]));
      });
      (b.problems || []).forEach(function (p) { lines.push(el('div', { class: 'reload-problem', style: 'color:#b42318', text: 'problem: ' + (p.entry_point || p.package) + ': ' + p.error })); });
      lines.push(el('button', { type: 'button', class: 'ghost', text: 'dismiss', onclick: function () { box.hidden = true; } }));
      lines.forEach(function (l) { box.appendChild(l); });
      return loadCatalog();
    });
  });

  loadCatalog();
  connectBus();
})();
</script>
</body>
</html>
`;
