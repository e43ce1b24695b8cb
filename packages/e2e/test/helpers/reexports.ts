import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Every re-export in `text`, as `<line>: <statement>`: an `export … from '…'` (named, `*` or `* as`), and an
 * `export { x }` of a name the file imports (the same thing in two statements). A file's own declarations
 * (`export const`, `export function`, `export { local }`) are not re-exports.
 */
export function reexportsIn(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const imported = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.importClause) continue;
    const clause = statement.importClause;
    if (clause.name) imported.add(clause.name.text);
    if (clause.namedBindings && ts.isNamespaceImport(clause.namedBindings)) imported.add(clause.namedBindings.name.text);
    if (clause.namedBindings && ts.isNamedImports(clause.namedBindings)) for (const el of clause.namedBindings.elements) imported.add(el.name.text);
  }
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement)) continue;
    const passesOn =
      statement.moduleSpecifier !== undefined ||
      (statement.exportClause !== undefined && ts.isNamedExports(statement.exportClause) && statement.exportClause.elements.some((el) => imported.has((el.propertyName ?? el.name).text)));
    if (!passesOn) continue;
    const line = source.getLineAndCharacterOfPosition(statement.getStart(source)).line + 1;
    found.push(`${line}: ${statement.getText(source).replace(/\s+/g, ' ').slice(0, 120)}`);
  }
  return found;
}

/**
 * The source files of package `dir` that are its public entry points: each `exports` target's `types`/`import`
 * path (`./dist/x/index.js` → `src/x/index.ts`), as paths relative to the package. These, and only these, may
 * re-export: they are the package's public faces.
 */
export function entrySources(dir: string): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { exports?: Record<string, unknown>; main?: string };
  const targets: string[] = [];
  for (const target of Object.values(manifest.exports ?? {})) {
    if (typeof target === 'string') targets.push(target);
    else if (target && typeof target === 'object') for (const value of Object.values(target)) if (typeof value === 'string') targets.push(value);
  }
  if (manifest.main) targets.push(manifest.main);
  const sources = new Set<string>();
  for (const target of targets) {
    const match = /^\.\/dist\/(.+)\.(?:d\.ts|js)$/.exec(target);
    if (match) sources.add(`src/${match[1]}.ts`);
  }
  return sources;
}

/**
 * Every re-export in an implementation file (a `.ts`/`.mts`/`.cts` source under `packages/<pkg>/src` of `root` that
 * is not one of its package's entry points; tests excepted), as `packages/<pkg>/src/<file>:<line>: <statement>`.
 * An implementation file defines what it exports; a name is imported from the file that defines it, or from the
 * package's public entry (issue 44 item 4).
 */
export function reexportingFiles(root: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(path.join(root, 'packages')).sort()) {
    const dir = path.join(root, 'packages', name);
    const src = path.join(dir, 'src');
    if (!existsSync(src) || !existsSync(path.join(dir, 'package.json'))) continue;
    const entries = entrySources(dir);
    for (const entry of readdirSync(src, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(ts|mts|cts)$/.test(entry.name) || /\.test\./.test(entry.name) || entry.name.endsWith('.d.ts')) continue;
      const file = path.join(entry.parentPath, entry.name);
      const inPackage = path.relative(dir, file).split(path.sep).join('/');
      if (entries.has(inPackage)) continue;
      for (const hit of reexportsIn(file, readFileSync(file, 'utf8'))) found.push(`packages/${name}/${inPackage}:${hit}`);
    }
  }
  return found.sort();
}
