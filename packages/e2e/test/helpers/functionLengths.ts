import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The line span of every function-like node (declarations, expressions, arrows, methods, accessors, constructors). */
function isFunctionLike(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

/** A function's name as a reader finds it: its own, else the variable, property or class member it is assigned to. */
function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText(source);
  if (ts.isCallExpression(parent)) return `<callback of ${parent.expression.getText(source).slice(0, 40)}>`;
  return '<anonymous>';
}

/**
 * Every function in `text` longer than `max` lines (from the line its declaration starts on to the line it ends on),
 * as `<name>:<first line>: <lines> lines`. Nested functions are measured on their own (and within their parent).
 */
export function longFunctionsIn(fileName: string, text: string, max: number): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (isFunctionLike(node) && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      const lines = last - first + 1;
      if (lines > max) found.push(`${nameOf(node, source)}:${first}: ${lines} lines`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Every function longer than `max` lines in the `.ts`/`.mts`/`.cts` sources (tests excepted) under
 * `packages/<pkg>/src` of `root`, for each of `packages`, as `packages/<pkg>/src/<file>: <name>:<line>: <n> lines`.
 */
export function longFunctions(root: string, packages: readonly string[], max: number): string[] {
  const found: string[] = [];
  for (const pkg of packages) {
    const src = path.join(root, 'packages', pkg, 'src');
    if (!existsSync(src)) continue;
    for (const entry of readdirSync(src, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(ts|mts|cts)$/.test(entry.name) || /\.test\./.test(entry.name) || entry.name.endsWith('.d.ts')) continue;
      const file = path.join(entry.parentPath, entry.name);
      const rel = path.relative(root, file).split(path.sep).join('/');
      for (const hit of longFunctionsIn(file, readFileSync(file, 'utf8'), max)) found.push(`${rel}: ${hit}`);
    }
  }
  return found.sort();
}
