import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The browser never validates with zod, so zod must not reach its bundle. That holds while the web
// app imports values from @voxpress/contracts only from modules that do not import zod (everything
// else is `import type`) and the package is marked free of side effects, which lets the bundler drop
// the schema modules.
const webSrc = join(import.meta.dirname, '..');
const contractsDir = join(import.meta.dirname, '../../../../packages/contracts');

/** Modules that can reach the bundle: declaration files (the generated API types) carry no values. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.(test|d)\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

/** Runtime (non-type) names the web app imports from the contracts package, with where. */
function runtimeImports(): { name: string; file: string }[] {
  const found: { name: string; file: string }[] = [];
  for (const file of sourceFiles(webSrc)) {
    for (const st of parse(file).statements) {
      if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
      if (st.moduleSpecifier.text !== '@voxpress/contracts') continue;
      const clause = st.importClause;
      if (!clause || clause.isTypeOnly) continue;
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) found.push({ name: '*', file });
      if (bindings && ts.isNamedImports(bindings)) {
        for (const el of bindings.elements) if (!el.isTypeOnly) found.push({ name: el.name.text, file });
      }
    }
  }
  return found;
}

/** Exported names of each contracts module that imports zod. */
function namesBehindZod(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(join(contractsDir, 'src'))) {
    const sf = parse(file);
    const importsZod = sf.statements.some(
      (st) =>
        ts.isImportDeclaration(st) &&
        ts.isStringLiteral(st.moduleSpecifier) &&
        st.moduleSpecifier.text === 'zod',
    );
    if (!importsZod) continue;
    for (const st of sf.statements) {
      const exported =
        ts.canHaveModifiers(st) && ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      if (!exported) continue;
      if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) names.add(d.name.text);
      } else if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st)) && st.name) {
        names.add(st.name.text);
      }
    }
  }
  return names;
}

// Parsing every web source file takes seconds on a busy 2-core machine; the check is not timed.
describe('contracts in the browser bundle', { timeout: 60_000 }, () => {
  it('imports runtime values only from contracts modules that do not load zod', () => {
    const zodNames = namesBehindZod();
    expect(zodNames.size).toBeGreaterThan(0);
    const offending = runtimeImports().filter((i) => i.name === '*' || zodNames.has(i.name));
    expect(offending).toEqual([]);
  });

  it('lets the bundler drop unused contracts modules', () => {
    const pkg = JSON.parse(readFileSync(join(contractsDir, 'package.json'), 'utf8')) as {
      sideEffects?: unknown;
    };
    expect(pkg.sideEffects).toBe(false);
  });
});
