#!/usr/bin/env node
// Lists every field of an exported interface or object type alias in packages' src (tests excluded) that has no
// doc comment: `file:line Interface.field`. Used by e2e/test/tsdoc.test.ts; run by hand as
//   node scripts/checkTsdoc.mjs [package...]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `.ts` sources under `dir` (tests and declaration files excluded). */
function sources(dir) {
  const out = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...sources(full));
    else if (entry.endsWith('.ts') && !entry.endsWith('.test.ts') && !entry.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function hasDoc(node) {
  return (ts.getJSDocCommentsAndTags(node) ?? []).length > 0;
}

function isExported(node) {
  return (ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Export) !== 0;
}

/** Undocumented members of exported interfaces and type literals in one file's text. */
export function undocumentedFields(file, text) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const missing = [];
  const visitMembers = (owner, members) => {
    for (const m of members) {
      if (!ts.isPropertySignature(m) && !ts.isMethodSignature(m)) continue;
      if (hasDoc(m)) continue;
      const { line } = sf.getLineAndCharacterOfPosition(m.getStart());
      missing.push(`${path.relative(repo, file)}:${line + 1} ${owner}.${m.name.getText(sf)}`);
    }
  };
  const literalsIn = (owner, type) => {
    if (!type) return;
    if (ts.isTypeLiteralNode(type)) visitMembers(owner, type.members);
    else if (ts.isUnionTypeNode(type) || ts.isIntersectionTypeNode(type)) type.types.forEach((t) => literalsIn(owner, t));
  };
  for (const stmt of sf.statements) {
    if (ts.isInterfaceDeclaration(stmt) && isExported(stmt)) visitMembers(stmt.name.text, stmt.members);
    else if (ts.isTypeAliasDeclaration(stmt) && isExported(stmt)) literalsIn(stmt.name.text, stmt.type);
  }
  return missing;
}

/** Every undocumented field in the given packages (default: all). */
export function checkPackages(names) {
  const pkgs = names?.length ? names : readdirSync(path.join(repo, 'packages')).filter((p) => p !== 'e2e');
  const missing = [];
  for (const p of pkgs) {
    const src = path.join(repo, 'packages', p, 'src');
    try {
      statSync(src);
    } catch {
      continue;
    }
    for (const file of sources(src)) missing.push(...undocumentedFields(file, readFileSync(file, 'utf8')));
  }
  return missing;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const missing = checkPackages(process.argv.slice(2));
  for (const m of missing) console.log(m);
  console.log(`${missing.length} undocumented field(s)`);
  process.exit(missing.length ? 1 : 0);
}
