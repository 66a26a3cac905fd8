import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

// Shared by the translation tests: reads the web app's own source (not tests) as syntax trees.

export const WEB_SRC = join(import.meta.dirname, '..');

export interface ParsedFile {
  /** Path relative to apps/web/src, with forward slashes. */
  path: string;
  source: ts.SourceFile;
}

export function webSourceFiles(): ParsedFile[] {
  return readdirSync(WEB_SRC, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.(test|d)\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => !relative(WEB_SRC, file).startsWith('i18n/source-scan'))
    .map((file) => ({
      path: relative(WEB_SRC, file).split('\\').join('/'),
      source: ts.createSourceFile(
        file,
        readFileSync(file, 'utf8'),
        ts.ScriptTarget.Latest,
        true,
        file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
      ),
    }));
}

export function visit(node: ts.Node, fn: (node: ts.Node) => void): void {
  fn(node);
  node.forEachChild((child) => visit(child, fn));
}

/** The text of a string literal or a template without substitutions, else undefined. */
export function literalText(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return undefined;
}

export function lineOf(file: ParsedFile, node: ts.Node): string {
  const { line } = file.source.getLineAndCharacterOfPosition(node.getStart(file.source));
  return `${file.path}:${line + 1}`;
}
