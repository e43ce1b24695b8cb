import path from 'node:path';
import ts from 'typescript';

/** The symbol an alias (an import or export specifier) stands for, else the symbol itself. */
function resolved(checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/** The symbols a type position names: `Foo`, `ns.Foo` (its leftmost name), `typeof foo`, `import('./x.js').Foo`, `extends Foo`. */
function namedSymbols(checker: ts.TypeChecker, node: ts.Node): ts.Symbol[] {
  let name: ts.EntityName | ts.Expression | undefined;
  if (ts.isTypeReferenceNode(node)) name = node.typeName;
  else if (ts.isTypeQueryNode(node)) name = node.exprName;
  else if (ts.isExpressionWithTypeArguments(node)) name = node.expression;
  else if (ts.isImportTypeNode(node)) {
    const type = checker.getTypeFromTypeNode(node);
    const symbol = type.aliasSymbol ?? type.getSymbol();
    return symbol ? [symbol] : [];
  }
  if (!name) return [];
  // the whole name first (`Foo.Bar` may be a namespace member), and the namespace it sits in
  const symbols: ts.Symbol[] = [];
  const whole = checker.getSymbolAtLocation(ts.isQualifiedName(name) ? name.right : ts.isPropertyAccessExpression(name) ? name.name : name);
  if (whole) symbols.push(whole);
  let left: ts.Node = name;
  while (ts.isQualifiedName(left) || ts.isPropertyAccessExpression(left)) left = ts.isQualifiedName(left) ? left.left : left.expression;
  if (left !== name) {
    const leftmost = checker.getSymbolAtLocation(left);
    if (leftmost) symbols.push(leftmost);
  }
  return symbols;
}

/** A declaration's name for a report: `Foo (packages/x/dist/foo.d.ts)`. */
function describe(symbol: ts.Symbol, root: string): string {
  const file = symbol.declarations?.[0]?.getSourceFile().fileName ?? '?';
  return `${symbol.name} (${path.relative(root, file).split(path.sep).join('/')})`;
}

/**
 * Every type a reader of the public declarations can reach but not import (issue 44 item 4, "the forgotten-export
 * check"): starting from the names the entry files (`.d.ts`) export, walks every declaration they name (type
 * references, `typeof`, `import('…').X`, `extends`/`implements`), transitively; a symbol declared in one of our own
 * files (`isOwn(fileName)`: the workspace's declarations, not a dependency's or the lib's) that no entry exports is
 * forgotten. Returns `<name> (<file>) ← <the exported name it is reached from>`, sorted, one per forgotten symbol.
 * Type parameters, members of a type and enum members are not declarations of their own and are not reported.
 */
export function forgottenExports(program: ts.Program, entries: readonly string[], isOwn: (fileName: string) => boolean, root: string): string[] {
  const checker = program.getTypeChecker();
  const exported = new Set<ts.Symbol>();
  const queue: Array<{ symbol: ts.Symbol; from: string }> = [];
  for (const entry of entries) {
    const source = program.getSourceFile(entry);
    if (!source) throw new Error(`${entry} is missing; run pnpm typecheck (it writes the declarations) first`);
    const moduleSymbol = checker.getSymbolAtLocation(source);
    if (!moduleSymbol) continue;
    for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
      const target = resolved(checker, symbol);
      exported.add(target);
      queue.push({ symbol: target, from: symbol.name });
    }
  }
  const seen = new Set<ts.Symbol>();
  const forgotten = new Map<ts.Symbol, string>();
  while (queue.length > 0) {
    const { symbol, from } = queue.shift()!;
    if (seen.has(symbol)) continue;
    seen.add(symbol);
    for (const declaration of symbol.declarations ?? []) {
      if (!isOwn(declaration.getSourceFile().fileName)) continue;
      const visit = (node: ts.Node): void => {
        for (const named of namedSymbols(checker, node)) {
          const target = resolved(checker, named);
          if (target.flags & (ts.SymbolFlags.TypeParameter | ts.SymbolFlags.EnumMember | ts.SymbolFlags.Property | ts.SymbolFlags.Method)) continue;
          const declared = target.declarations?.[0];
          if (!declared || !isOwn(declared.getSourceFile().fileName)) continue;
          if (!exported.has(target) && !forgotten.has(target)) forgotten.set(target, from);
          queue.push({ symbol: target, from });
        }
        ts.forEachChild(node, visit);
      };
      visit(declaration);
    }
  }
  return [...forgotten].map(([symbol, from]) => `${describe(symbol, root)} ← ${from}`).sort();
}
