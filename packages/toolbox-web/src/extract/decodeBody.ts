/**
 * Decodes a response body to text: the Content-Type `charset` when given and known, else for HTML a
 * `<meta charset>` / `http-equiv` declaration in the first 2 KiB, else a UTF-8/UTF-16 BOM, else UTF-8.
 * Undecodable bytes become U+FFFD; never throws.
 */
export function decodeBody(bytes: Buffer, charset: string | null, isHtml: boolean): string {
  const label = charset ?? (isHtml ? sniffMetaCharset(bytes) : null) ?? 'utf-8';
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function sniffMetaCharset(bytes: Buffer): string | null {
  const head = bytes.subarray(0, 2048).toString('latin1');
  const m = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head);
  return m?.[1]?.toLowerCase() ?? null;
}
