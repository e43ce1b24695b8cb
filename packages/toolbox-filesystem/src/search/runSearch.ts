import { openForRead } from '../sandbox/openVerified.js';
import { looksBinary, SNIFF_BYTES } from '../text/binary.js';
import { splitLines } from '../text/lines.js';
import type { SearchMatchValue, SearchReport, SearchRequest } from './protocol.js';

/**
 * Reads the request's files in order and collects the lines matching its pattern (the matching half of
 * `search_in_files`; runs inside the search worker). Each file is opened with {@link openForRead}, so the
 * descriptor is verified against the real roots again after opening; non-regular, binary, oversized and
 * unreadable files are skipped. Stops with `truncated: true` at `maxSearchFiles`, `maxSearchBytes` or
 * `maxMatches`. Matching lines longer than `maxLineChars` are cut and end with `…`.
 *
 * May run for as long as the pattern takes: callers run it off the main thread and bound it in time.
 */
export async function runSearch(req: SearchRequest): Promise<SearchReport> {
  const regex = new RegExp(req.source, req.flags);
  const matches: SearchMatchValue[] = [];
  let truncated = false;
  let searched = 0;
  let skipped = 0;
  let bytes = 0;
  files: for (const file of req.files) {
    if (searched >= req.maxSearchFiles) {
      truncated = true;
      break;
    }
    let text: string;
    try {
      const { fh, stat } = await openForRead(file, req.realRoots);
      try {
        if (!stat.isFile() || stat.size > req.maxSearchFileBytes) {
          skipped++;
          continue;
        }
        if (bytes + stat.size > req.maxSearchBytes) {
          truncated = true;
          break;
        }
        const buf = Buffer.alloc(stat.size);
        const { bytesRead } = await fh.read(buf, 0, stat.size, 0);
        bytes += bytesRead;
        const data = buf.subarray(0, bytesRead);
        if (looksBinary(data.subarray(0, SNIFF_BYTES))) {
          skipped++;
          continue;
        }
        text = new TextDecoder('utf-8').decode(data);
      } finally {
        await fh.close();
      }
    } catch {
      skipped++;
      continue;
    }
    searched++;
    const lines = splitLines(text);
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (!regex.test(line)) continue;
      if (matches.length >= req.maxMatches) {
        truncated = true;
        break files;
      }
      const shown = line.length > req.maxLineChars ? `${line.slice(0, req.maxLineChars)}…` : line;
      matches.push({ file, line_number: String(i + 1), line: shown });
    }
  }
  return { matches, truncated, searched, skipped };
}
