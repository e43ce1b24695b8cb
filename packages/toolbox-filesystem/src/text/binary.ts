/** How many leading bytes {@link looksBinary} inspects. */
export const SNIFF_BYTES = 8192;

/**
 * Whether a file's leading bytes look binary: a NUL byte, or bytes that are not valid UTF-8 (an
 * incomplete multi-byte sequence cut at the end of the sample is allowed). `sample` should be the file's
 * first {@link SNIFF_BYTES} bytes.
 */
export function looksBinary(sample: Uint8Array): boolean {
  if (sample.includes(0)) return true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return false;
  } catch {
    return true;
  }
}
