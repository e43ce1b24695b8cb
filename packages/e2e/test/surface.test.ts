import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { forgottenExports } from './helpers/forgottenExports.js';

/**
 * The public surface of every published package, as a visible diff (issue 26 item 6): for each entry of a
 * package's `exports` map, every name its built declarations (`dist/**\/*.d.ts`) export, with its kind, sorted, and
 * the public members of each class and interface (issue 37: a member that comes or goes is a surface change too); the
 * committed snapshot is `test/surface/<package>.txt`. A change to a surface fails this test until the snapshot is
 * updated (`npx vitest run test/surface.test.ts -u`) and committed with the change, so reviewers see every name that
 * comes or goes. It also imports each entry's JavaScript from `dist` and checks that the runtime names are exactly
 * the declared values (a bundling or `export type` slip would make them differ).
 */
const packagesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Entry {
  /** The subpath as the exports map has it: `.`, `./contract`, … */
  subpath: string;
  /** Absolute path of its declarations. */
  types: string;
  /** Absolute path of its JavaScript. */
  js: string;
}

interface PackageSurface {
  name: string;
  dir: string;
  entries: Entry[];
}

function publishedPackages(): PackageSurface[] {
  const out: PackageSurface[] = [];
  for (const dir of readdirSync(packagesDir).sort()) {
    let pkg: { name: string; private?: boolean; exports?: Record<string, string | { types?: string; import?: string }> };
    try {
      pkg = JSON.parse(readFileSync(path.join(packagesDir, dir, 'package.json'), 'utf8'));
    } catch {
      continue;
    }
    if (pkg.private || !pkg.exports) continue;
    const entries: Entry[] = [];
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      if (typeof target !== 'object' || !target.types || !target.import) continue; // ./package.json
      entries.push({ subpath, types: path.join(packagesDir, dir, target.types), js: path.join(packagesDir, dir, target.import) });
    }
    out.push({ name: pkg.name, dir, entries });
  }
  return out;
}

const PACKAGES = publishedPackages();

/** One program over every entry's declarations: the checker resolves re-exports across files and packages. */
const program = ts.createProgram(
  PACKAGES.flatMap((p) => p.entries.map((e) => e.types)),
  { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, types: ['node'], skipLibCheck: true, noEmit: true },
);
const checker = program.getTypeChecker();

/** The kind of an exported symbol, as a reader would name it: `class`, `function`, `const`, `interface`, `type`, … */
function kindOf(symbol: ts.Symbol): string {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const f = target.flags;
  const kinds: string[] = [];
  if (f & ts.SymbolFlags.Class) kinds.push('class');
  else if (f & ts.SymbolFlags.Function) kinds.push('function');
  else if (f & ts.SymbolFlags.Enum) kinds.push('enum');
  else if (f & ts.SymbolFlags.Variable) kinds.push('const');
  if (f & ts.SymbolFlags.Interface) kinds.push('interface');
  if (f & ts.SymbolFlags.TypeAlias) kinds.push('type');
  if (f & (ts.SymbolFlags.NamespaceModule | ts.SymbolFlags.ValueModule) && !kinds.length) kinds.push('namespace');
  return kinds.join('+') || 'unknown';
}

/** Whether an exported symbol exists at run time (a type-only export or re-export does not). */
function isValue(symbol: ts.Symbol): boolean {
  const declaration = symbol.declarations?.[0];
  if (declaration && ts.isExportSpecifier(declaration) && (declaration.isTypeOnly || declaration.parent.parent.isTypeOnly)) return false;
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  return (target.flags & ts.SymbolFlags.Value) !== 0;
}

/** Whether a member is private (a `#name`, a `private` modifier): not part of the surface. */
function isPrivate(member: ts.Symbol): boolean {
  if (member.name.startsWith('#') || member.name.startsWith('__#')) return true;
  return (member.declarations ?? []).some((d) => (ts.getCombinedModifierFlags(d) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) !== 0);
}

/**
 * A member's name as a reader writes it: a symbol-keyed member (`__@TOOLBOX_BRAND@101`, whose number the checker
 * assigns and any unrelated change moves) as `[TOOLBOX_BRAND]`.
 */
function memberName(member: ts.Symbol): string {
  return member.name.replace(/^__@(.+)@\d+$/, '[$1]');
}

/** The public members of an exported class or interface (`static x` for a class's statics), sorted; none for other kinds. */
function membersOf(symbol: ts.Symbol): string[] {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  if (!(target.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface))) return [];
  const names = checker
    .getPropertiesOfType(checker.getDeclaredTypeOfSymbol(target))
    .filter((m) => !isPrivate(m))
    .map((m) => memberName(m));
  if (target.flags & ts.SymbolFlags.Class) {
    for (const m of checker.getPropertiesOfType(checker.getTypeOfSymbol(target))) if (m.name !== 'prototype' && !isPrivate(m)) names.push(`static ${memberName(m)}`);
  }
  return names.sort();
}

function declaredExports(file: string): Array<{ name: string; kind: string; value: boolean; members: string[] }> {
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`${file} is missing; run pnpm build first`);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (!moduleSymbol) return [];
  return checker
    .getExportsOfModule(moduleSymbol)
    .map((s) => ({ name: s.name, kind: kindOf(s), value: isValue(s), members: membersOf(s) }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

describe('public surface of every published package (exported names, from dist)', () => {
  it('finds the published packages and their entries', () => {
    expect(PACKAGES.map((p) => p.name)).toContain('@ovos-tools/core');
    expect(PACKAGES.find((p) => p.name === '@ovos-tools/core')?.entries.map((e) => e.subpath)).toContain('./contract');
  });

  it.each(PACKAGES.map((p) => [p.name, p] as const))('%s', async (_name, pkg) => {
    const lines: string[] = [];
    for (const entry of pkg.entries) {
      const declared = declaredExports(entry.types);
      const runtime = Object.keys(await import(pathToFileURL(entry.js).href)).sort();
      expect(runtime, `${pkg.name} ${entry.subpath}: the names dist exports at run time are the declared values`).toEqual(declared.filter((d) => d.value).map((d) => d.name));
      lines.push(`${pkg.name}${entry.subpath === '.' ? '' : entry.subpath.slice(1)}`);
      for (const d of declared) {
        lines.push(`  ${d.name}: ${d.kind}`);
        for (const m of d.members) lines.push(`    .${m}`);
      }
    }
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot(`./surface/${pkg.dir}.txt`);
  });
});

/** A declaration file of the workspace (not a dependency's, not the lib's). */
const isOwn = (fileName: string) => path.resolve(fileName).startsWith(packagesDir + path.sep) && !fileName.includes(`${path.sep}node_modules${path.sep}`);

describe('no forgotten export (issue 44 item 4)', () => {
  it('every type a public declaration names is itself exported from a public entry', () => {
    const entries = PACKAGES.flatMap((p) => p.entries.map((e) => e.types));
    // one line per type, so the failure lists every one: `<name> (<file>) ← <the exported name it is reached from>`
    expect(forgottenExports(program, entries, isOwn, packagesDir).join('\n')).toBe('');
  });

  it('finds a type named only inside a public declaration, however deep, and nothing a dependency declares', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ovos-surface-forgotten-'));
    try {
      writeFileSync(path.join(dir, 'options.d.ts'), 'export interface Options { limits: Limits; at: Date; }\nexport interface Limits { max: number }\nexport type Hidden = string;\n');
      writeFileSync(
        path.join(dir, 'index.d.ts'),
        [
          "import type { Options } from './options.js';",
          'export declare class Box extends Base<Generic<string>> { constructor(options: Options); run(): import("./result.js").Outcome; }',
          'declare class Base<T> { value: T; }',
          'interface Generic<T> { t: T }',
          'export declare const shown: Shown;',
          'export interface Shown { n: number }',
          'export type Ok<T> = { value: T };',
          'export {};', // as tsc writes it: without it, every declaration of a .d.ts module is exported
        ].join('\n'),
      );
      writeFileSync(path.join(dir, 'result.d.ts'), 'export interface Outcome { ok: boolean }\n');
      const entry = path.join(dir, 'index.d.ts');
      const fixture = ts.createProgram([entry], { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, noEmit: true, skipLibCheck: true });
      const found = forgottenExports(fixture, [entry], (f) => path.resolve(f).startsWith(dir), dir);
      expect(found.map((line) => line.split(' ')[0])).toEqual(['Base', 'Generic', 'Limits', 'Options', 'Outcome']);
      expect(found[0]).toBe('Base (index.d.ts) ← Box');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
