// @ts-check
/**
 * The inspector page's arguments form, generated from a tool's `input_schema`: one input per property, read back into
 * JSON arguments.
 */
import { el, json } from './dom.js';
import { state } from './state.js';

/** @typedef {import('./state.js').JsonSchema} JsonSchema */
/** @typedef {import('./state.js').Field} Field */

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
export function buildFields(schema, form) {
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
export function setField(f, v) {
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
export function readForm() {
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
export function loadArgs(args) {
  const raw = /** @type {HTMLTextAreaElement | null} */ (document.getElementById('raw-args'));
  if (raw) raw.value = json(args === undefined ? {} : args);
  if (!state.fields) return;
  const obj = /** @type {Record<string, unknown>} */ (args && typeof args === 'object' ? args : {});
  for (const f of state.fields) setField(f, obj[f.name]);
  const useRaw = /** @type {HTMLInputElement | null} */ (document.getElementById('use-raw'));
  if (useRaw) useRaw.checked = false;
  if (raw) raw.hidden = true;
}

