// @ts-check
/**
 * The inspector page's view of an error answer.
 */
import { el, json } from './dom.js';

/** @param {any} body an error answer: `{error, code}` */
export function errorView(body) {
  return el('div', { class: 'outcome err' }, [
    el('div', {}, ['error ', el('span', { class: 'code', id: 'error-code', text: body && body.code ? body.code : '(no code)' })]),
    el('pre', { id: 'error-text', text: body && body.error !== undefined ? String(body.error) : json(body) }),
  ]);
}

