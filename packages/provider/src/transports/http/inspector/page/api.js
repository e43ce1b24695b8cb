// @ts-check
/**
 * The inspector page's requests to the same origin's HTTP API, sent with the secret field's `X-Internal-Secret` and
 * each logged in the HTTP traffic panel.
 */
import { $, el, input, json } from './dom.js';

/** @typedef {import('./state.js').ApiAnswer} ApiAnswer */

const secretInput = input('secret');

/** @returns {Record<string, string>} the secret header, when the field holds one */
export function secretHeaders() {
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
export function api(method, path, body) {
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
export function logEntry(method, path, status, ms, request, response) {
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
