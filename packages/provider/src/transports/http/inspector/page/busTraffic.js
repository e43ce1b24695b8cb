// @ts-check
/**
 * The inspector page's live bus traffic panel.
 */
import { secretHeaders } from './api.js';
import { $, el, json } from './dom.js';

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

export function connectBus() {
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

/** The "pause"/"resume" button: "pause" stops the stream, "resume" opens a new one. */
export function toggleBusPause() {
  bus.paused = !bus.paused;
  $('bus-live').textContent = bus.paused ? 'resume' : 'pause';
  if (bus.paused) {
    clearTimeout(bus.retry);
    if (bus.controller) bus.controller.abort();
    busStatus('paused');
  } else connectBus();
}
