import type { Logger } from '@ovos-tools/core';
import type { CatalogEntry } from '../service/CatalogEntry.js';
import type { ToolboxOrigin } from '../service/ToolboxStatus.js';
import { readUtterancesOffThread, type PackageRead } from './readUtterancesOffThread.js';
import type { UtterancesOf } from './SearchSnapshot.js';
import { requestWords, resolveClaims, type Claimant, type DroppedRequest } from './utteranceClaims.js';

/** A toolbox package found by discovery: where its `locale` folder is, and whether its files changed. */
export interface UtterancePackage {
  /** The entry-point name of one of its toolboxes (a catalog entry's `source`). */
  source: string;
  /** Its package's name, for the log (`@ovos-tools/toolbox-math`). */
  packageName: string;
  /** The package folder (absolute). */
  dir: string;
  /** Discovery's fingerprint of its files: a new one means the `locale` folder is read again. */
  fingerprint: string;
}

/** A toolbox the next generation serves, as the claims need it. */
export interface ServedToolbox {
  /** Its entry-point (or host-source) name. */
  source: string;
  /** Its package's name (`@ovos-tools/toolbox-math`). */
  packageName: string;
  /** Where it ranks (`bundled` packages are trusted for search). */
  origin: ToolboxOrigin;
  /** The names of its tools. */
  tools: readonly string[];
}

/** What {@link PackageUtterances} needs. */
export interface PackageUtterancesOptions {
  /** Where refused files and dropped copies are reported (warnings). */
  logger: Logger;
  /** `search_trusted_toolboxes`: entry-point or package names trusted for search besides the bundled ones (read on every reload). */
  trusted: () => readonly string[];
  /** Reads package folders off the provider's thread; default {@link readUtterancesOffThread}. */
  read?: (dirs: readonly string[]) => Promise<Map<string, PackageRead>>;
}

/** Bundled (`@ovos-tools/*`) or listed in `search_trusted_toolboxes` by entry-point or package name. */
function isTrustedPackage(p: { source: string; packageName: string }, trusted: ReadonlySet<string>): boolean {
  return p.packageName.startsWith('@ovos-tools/') || trusted.has(p.source) || trusted.has(p.packageName);
}

/** Origins ordered for claims: bundled first, then pinned, plugins, mounted, remote. */
const ORDER: Readonly<Record<ToolboxOrigin, number>> = { bundled: 0, pinned: 1, plugin: 2, mounted: 3, remote: 4 };
/** The claim order of a trusted package that is found but not served: after every served one. */
const UNSERVED = 5;

/**
 * The example requests of the catalog's toolbox packages (`locale/<lang>/<tool>.intent`), read and filtered before a
 * generation serves, never on a search's path. A reload calls {@link prepare} with discovery's packages as it starts
 * (their `locale` folders are read in a worker, concurrently with the toolboxes' hosts starting, each once per
 * fingerprint; refusals are logged), then {@link settle} with the toolboxes the next generation serves, right before
 * it swaps in: each request goes to its first claimant (`resolveClaims`: trusted packages first — bundled ones and
 * `search_trusted_toolboxes` —, then by origin and plugin-root order) and copies are dropped and logged. A trusted
 * package discovery found keeps its claims even when the generation does not serve it (an import that timed out, a
 * host that failed, a disabled toolbox), after every served package's: its requests then find nothing rather than a
 * stranger's copy, and a trusted toolbox served in its place keeps them. While a trusted
 * package's folder is unread (the reader stopped before it: timeout, heap limit), no untrusted package's requests are
 * searched; the folder is read again at the next reload.
 * {@link utterancesOf} answers from the settled claims only: synchronous, a map lookup. Toolboxes that are not
 * packages (mounted MCP servers, HTTP services, federated toolboxes) have none.
 */
export class PackageUtterances {
  private readonly reads = new Map<string, { fingerprint: string; read: PackageRead }>();
  private pendingDirs = new Map<string, string>();
  private pendingPackages: readonly UtterancePackage[] = [];
  private dirOf = new Map<string, string>();
  private served = new Map<string, Map<string, string[]>>();
  private lastDrops = '';

  constructor(private readonly options: PackageUtterancesOptions) {}

  /** The settled, filtered example requests of an entry's tool, or `undefined` (see {@link PackageUtterances}). */
  readonly utterancesOf: UtterancesOf = (entry: CatalogEntry) => {
    const dir = this.dirOf.get(entry.source);
    return dir === undefined ? undefined : this.served.get(dir)?.get(entry.tool.name);
  };

  /** Reads the `locale` folders of the packages that are new or changed, off the provider's thread. Never rejects. */
  async prepare(packages: readonly UtterancePackage[]): Promise<void> {
    const trusted = new Set(this.options.trusted());
    const first = (p: UtterancePackage) => (isTrustedPackage(p, trusted) ? 0 : 1);
    const fresh = new Map<string, UtterancePackage>();
    // trusted packages are read first: a slow hostile package cannot make the reader stop before them
    for (const p of [...packages].sort((a, b) => first(a) - first(b))) if (this.reads.get(p.dir)?.fingerprint !== p.fingerprint) fresh.set(p.dir, p);
    let found: Map<string, PackageRead>;
    try {
      found = await (this.options.read ?? readUtterancesOffThread)([...fresh.keys()]);
    } catch (err) {
      found = new Map([...fresh.keys()].map((dir) => [dir, { byTool: new Map(), problems: [`locale: not read: ${(err as Error).message}`] }]));
    }
    for (const [dir, p] of fresh) {
      const read: PackageRead = found.get(dir) ?? { byTool: new Map(), problems: [] };
      // a folder the reader did not finish is read again at the next reload
      this.reads.set(dir, { fingerprint: read.unfinished ? '' : p.fingerprint, read });
      for (const problem of read.problems) this.options.logger.warn(`search: ${p.packageName} (${dir}): ${problem}`);
    }
    const live = new Set(packages.map((p) => p.dir));
    for (const dir of this.reads.keys()) if (!live.has(dir)) this.reads.delete(dir);
    this.pendingDirs = new Map(packages.map((p) => [p.source, p.dir]));
    this.pendingPackages = packages;
  }

  /** Decides who keeps each request for the toolboxes about to serve (see {@link PackageUtterances}); logs what was dropped. */
  settle(toolboxes: readonly ServedToolbox[]): void {
    const trusted = new Set(this.options.trusted());
    const claimants = new Map<string, Claimant & { rank: number; index: number; toolNames: Set<string> }>();
    toolboxes.forEach((t, index) => {
      const dir = this.pendingDirs.get(t.source);
      const read = dir === undefined ? undefined : this.reads.get(dir)?.read;
      if (!dir || !read) return;
      const isTrusted = t.origin === 'bundled' || trusted.has(t.source) || trusted.has(t.packageName);
      const c = claimants.get(dir) ?? { id: dir, label: t.packageName, trusted: isTrusted, tools: new Map(), rank: ORDER[t.origin], index, toolNames: new Set() };
      c.trusted ||= isTrusted;
      c.rank = Math.min(c.rank, ORDER[t.origin]);
      for (const name of t.tools) c.toolNames.add(name);
      claimants.set(dir, c);
    });
    // a trusted package discovery found but the generation does not serve (its import timed out, it failed to start,
    // it is disabled) still claims every request it ships: a stranger's copy must not become the top hit for them. It
    // claims after every served package, so a trusted one the operator serves in its place keeps its requests.
    for (const p of this.pendingPackages) {
      const read = this.reads.get(p.dir)?.read;
      if (!read || claimants.has(p.dir) || !isTrustedPackage(p, trusted)) continue;
      claimants.set(p.dir, { id: p.dir, label: p.packageName, trusted: true, tools: new Map(), rank: UNSERVED, index: toolboxes.length, toolNames: new Set(read.byTool.keys()) });
    }
    // a trusted package whose folder the reader did not finish claims nothing this time; until it is read, no untrusted
    // package's requests are searched either (they could be its copies)
    const unread = this.pendingPackages.filter((p) => isTrustedPackage(p, trusted) && this.reads.get(p.dir)?.read.unfinished);
    const trustedUnread = unread.length > 0;
    const silenced = [...claimants.values()].filter((c) => !c.trusted && this.reads.get(c.id)!.read.byTool.size > 0).map((c) => c.label);
    if (trustedUnread && silenced.length > 0) {
      this.options.logger.warn(
        `search: the example requests of ${silenced.join(', ')} are not searched until those of ${unread.map((p) => p.packageName).join(', ')} are read (they could be copies of them); the next reload reads them again`,
      );
    }
    const ordered = [...claimants.values()].sort((a, b) => Number(b.trusted) - Number(a.trusted) || a.rank - b.rank || a.index - b.index);
    for (const c of ordered) {
      const byTool = this.reads.get(c.id)!.read.byTool;
      c.tools = trustedUnread && !c.trusted ? new Map() : new Map([...byTool].filter(([tool]) => c.toolNames.has(tool)));
    }
    const words = new Map<string, readonly string[]>();
    for (const c of ordered) for (const [request, w] of this.reads.get(c.id)!.read.words ?? []) words.set(request, w);
    const { kept, dropped } = resolveClaims(ordered, (request) => words.get(request) ?? requestWords(request));
    this.served = kept;
    this.dirOf = new Map([...this.pendingDirs].filter(([, dir]) => kept.has(dir)));
    this.report(dropped);
  }

  /**
   * One line per package and tool whose copies were dropped, when the drops changed since the last reload: a warning
   * when one of them is an exact copy of another package's request, else (near-copies only: common words of a trusted
   * request, such as `what is 2 plus 2 quickly` against `what is 2 plus 2`) at info.
   */
  private report(dropped: readonly DroppedRequest[]): void {
    const byTool = new Map<string, DroppedRequest[]>();
    for (const d of dropped) (byTool.get(`${d.label}\u0000${d.tool}`) ?? byTool.set(`${d.label}\u0000${d.tool}`, []).get(`${d.label}\u0000${d.tool}`)!).push(d);
    const lines = [...byTool.values()].map((list) => {
      const d = list[0]!;
      const owners = [...new Set(list.map((x) => `'${x.ownerTool}' of ${x.ownerLabel}`))].slice(0, 3).join(', ');
      const exact = list.some((x) => x.how === 'same');
      const text = `search: ${d.label}: ${list.length} example request(s) of tool '${d.tool}' ${exact ? 'repeat' : 'share the words of'} those of ${owners} (e.g. "${d.request}") and are not searched; write requests only your tool answers, or list the package in search_trusted_toolboxes if you trust it`;
      return { exact, text };
    });
    const summary = lines.map((l) => l.text).join('\n');
    if (summary === this.lastDrops) return;
    this.lastDrops = summary;
    for (const line of lines) this.options.logger[line.exact ? 'warn' : 'info'](line.text);
  }
}
