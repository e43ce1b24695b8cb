import fs from 'node:fs';
import type { SkillMDSettings } from './config.js';
import { findSkillFiles } from './discovery/findSkillFiles.js';
import { isInside } from '@ovos-tools/core/node';
import { realpathOrUndefined } from './discovery/fsUtil.js';
import { MAX_SKILL_MD_BYTES } from './parsing/limits.js';
import { parseSkillMd, type InvalidSkillMd, type ParsedSkillMd } from './parsing/parseSkillMd.js';
import type { SkillMDEntry, SkillProblem } from './types.js';


interface CacheSlot {
  mtimeMs: number;
  size: number;
  result: ParsedSkillMd | InvalidSkillMd;
}

/**
 * Finds and parses SKILL.md files (OVOS `SkillMDLoader`, wire spec §5.7), keeping a parse cache keyed by real
 * path and checked against each file's `mtimeMs` and `size`: an unchanged file is never read or parsed again,
 * a touched one is. Files are deduplicated by real path, first discovery wins. A file whose real path leaves its
 * package folder or configured folder (a symlinked skill folder or SKILL.md pointing elsewhere) is refused with a
 * problem before it is read.
 */
export class SkillMDLoader {
  private readonly cache = new Map<string, CacheSlot>();
  private parses = 0;

  /** How many times a file has been read and parsed since construction (unchanged files are served from the cache). */
  get parseCount(): number {
    return this.parses;
  }

  /** Forgets every parsed file so the next {@link SkillMDLoader.load} re-reads all (OVOS `invalidate_cache`). */
  invalidateCache(): void {
    this.cache.clear();
  }

  /**
   * Runs discovery and returns the valid entries in discovery order, and every file or declaration skipped.
   * Never throws.
   */
  load(settings: SkillMDSettings): { entries: SkillMDEntry[]; problems: SkillProblem[] } {
    const { candidates, problems } = findSkillFiles(settings);
    const entries: SkillMDEntry[] = [];
    const seen = new Set<string>();
    for (const c of candidates) {
      const real = realpathOrUndefined(c.path);
      if (!real) {
        problems.push({ path: c.path, source: c.source, reason: 'file disappeared during discovery' });
        continue;
      }
      const root = realpathOrUndefined(c.root);
      if (!root || !isInside(root, real)) {
        problems.push({
          path: c.path,
          source: c.source,
          reason: `resolves to ${real}, outside its ${c.rootLabel} ${c.root} (through a symlinked folder or file); skipped: keep skills inside the folder they are installed or configured in`,
        });
        continue;
      }
      if (seen.has(real)) continue;
      seen.add(real);
      const result = this.parseCached(real);
      if (!result.ok) {
        problems.push({ path: real, source: c.source, reason: result.reason });
        continue;
      }
      entries.push({
        name: result.frontmatter.name,
        description: result.frontmatter.description,
        body: result.body,
        path: real,
        frontmatter: result.frontmatter,
        rawFrontmatter: result.rawFrontmatter,
        source: c.source,
        ...(c.packageName === undefined ? {} : { packageName: c.packageName }),
      });
    }
    for (const key of this.cache.keys()) if (!seen.has(key)) this.cache.delete(key);
    return { entries, problems };
  }

  private parseCached(real: string): ParsedSkillMd | InvalidSkillMd {
    let st: fs.Stats;
    try {
      st = fs.statSync(real);
    } catch (err) {
      return { ok: false, reason: `cannot read file: ${(err as Error).message}` };
    }
    const hit = this.cache.get(real);
    if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit.result;
    let result: ParsedSkillMd | InvalidSkillMd;
    if (st.size > MAX_SKILL_MD_BYTES) {
      result = { ok: false, reason: `file is ${st.size} bytes; the limit is ${MAX_SKILL_MD_BYTES} bytes (MAX_SKILL_MD_BYTES): SKILL.md files over it are skipped` };
    } else {
      try {
        this.parses++;
        result = parseSkillMd(fs.readFileSync(real, 'utf8'));
      } catch (err) {
        result = { ok: false, reason: `cannot read file: ${(err as Error).message}` };
      }
    }
    this.cache.set(real, { mtimeMs: st.mtimeMs, size: st.size, result });
    return result;
  }
}
