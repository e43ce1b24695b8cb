/** True for the first half of a UTF-16 surrogate pair: a cut or a page boundary after it would split a character. */
export function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
