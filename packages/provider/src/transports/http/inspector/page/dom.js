// @ts-check
/**
 * The inspector page's DOM helpers: elements by id, building elements (text only ever through textContent) and JSON
 * text.
 */

/**
 * The element with this id; the page's markup holds every id used here.
 * @param {string} id
 * @returns {HTMLElement}
 */
export function $(id) {
  const node = document.getElementById(id);
  if (!node) throw new Error(`inspector: #${id} is missing from the page`);
  return node;
}

/**
 * An input element of the page by id.
 * @param {string} id
 * @returns {HTMLInputElement}
 */
export function input(id) {
  return /** @type {HTMLInputElement} */ ($(id));
}

/**
 * Builds an element; text only ever goes in through textContent (tool texts are untrusted).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, unknown>} [attrs] attributes; `text` sets textContent, `onclick`/`oninput`/`onchange` add listeners
 * @param {Array<Node | string | null | undefined>} [children]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs, children) {
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
export function json(v) {
  return JSON.stringify(v, null, 2);
}

/**
 * Removes every child of `node`.
 * @template {Node} N
 * @param {N} node
 * @returns {N}
 */
export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}
