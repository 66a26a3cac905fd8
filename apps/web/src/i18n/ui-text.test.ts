import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { lineOf, literalText, type ParsedFile, visit, webSourceFiles } from './source-scan.ts';

// Every text a person reads comes from the resource files, so a new language is a new folder of
// JSON and never a hunt through components. This test finds text written straight into the code.

/** JSX attributes and object properties whose value a person reads or hears. */
const USER_FACING = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'alt',
  'title',
  'placeholder',
  'label',
  'description',
  'message',
  'text',
  'lead',
  'cta',
  'error',
  'loadingText',
  'confirmLabel',
  'cancelLabel',
  'emptyText',
  'nothingFoundMessage',
]);

/**
 * Literal text that is allowed to stay in code, each with the reason. Keep it short: a wish to
 * skip a translation is not a reason.
 */
const ALLOWED: ReadonlyArray<{ file: string; text: string; why: string }> = [
  { file: 'app/theme.ts', text: 'system-ui', why: 'a CSS font list' },
  { file: 'i18n/i18n.ts', text: 'languageChanged loaded', why: 'names of i18next events' },
  {
    file: 'lib/browser-compat.ts',
    text: "'",
    why: 'browser and engine product names (Chrome, Gecko…), the same in every language',
  },
  { file: 'lib/api-client.ts', text: 'Bearer', why: 'an HTTP authorization scheme' },
  { file: 'features/audio/renewing-http-stack.ts', text: 'Bearer', why: 'an HTTP authorization scheme' },
  { file: 'features/audio/renewing-http-stack.ts', text: "'Authorization'", why: 'an HTTP header name' },
  { file: 'app/share-target/share-target.ts', text: "'title'", why: 'a form field name of the share target' },
  { file: 'app/share-target/share-target.ts', text: "'text'", why: 'a form field name of the share target' },
  { file: 'features/audio/LinkImport.tsx', text: '"https://"', why: 'a URL scheme as a placeholder' },
  { file: 'features/ask/ask-api.ts', text: 'Bearer', why: 'an HTTP authorization scheme' },
  {
    file: 'features/transcription/transcription-api.ts',
    text: 'Bearer',
    why: 'an HTTP authorization scheme',
  },
  {
    file: 'features/publishing/publishing-api.ts',
    text: 'Bearer',
    why: 'an HTTP authorization scheme',
  },
  {
    file: 'features/auth/GoogleButton.tsx',
    text: "'sign",
    why: 'names of Google button wordings; Google draws the words in the given locale',
  },
  { file: 'features/audio/multipart-post.ts', text: 'Bearer', why: 'an HTTP authorization scheme' },
  { file: 'features/account/account-api.ts', text: 'Bearer', why: 'an HTTP authorization scheme' },
  {
    file: 'features/transcription/SaveIndicator.tsx',
    text: "'red'",
    why: 'the colour of the error state',
  },
  {
    file: 'features/audio/upload-errors.ts',
    text: "'Unknown'",
    why: 'stands in for the error code S3 left out, shown as a code like AccessDenied',
  },
];

const hasWords = (text: string) => /\p{L}/u.test(text);

/** Literal text inside an expression: a string, a template, either branch of `?:`, after `&&`/`||`. */
function literalsIn(node: ts.Expression): ts.Node[] {
  if (ts.isParenthesizedExpression(node)) return literalsIn(node.expression);
  if (ts.isConditionalExpression(node)) return [...literalsIn(node.whenTrue), ...literalsIn(node.whenFalse)];
  if (
    ts.isBinaryExpression(node) &&
    [
      ts.SyntaxKind.AmpersandAmpersandToken,
      ts.SyntaxKind.BarBarToken,
      ts.SyntaxKind.QuestionQuestionToken,
    ].includes(node.operatorToken.kind)
  ) {
    return [...literalsIn(node.left), ...literalsIn(node.right)];
  }
  const text = literalText(node);
  if (text !== undefined) return hasWords(text) ? [node] : [];
  if (ts.isTemplateExpression(node)) {
    const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('');
    return hasWords(parts) ? [node] : [];
  }
  return [];
}

function nameOf(name: ts.PropertyName | ts.JsxAttributeName | ts.BindingName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  if (ts.isJsxNamespacedName(name)) return `${name.namespace.text}:${name.name.text}`;
  return undefined;
}

const PHRASE = /\p{L}\s+\p{L}|^\p{Lu}\p{Ll}+\b/u;

function isPhrase(node: ts.Node): boolean {
  const text = literalText(node);
  if (text !== undefined) return PHRASE.test(text);
  if (ts.isTemplateExpression(node)) {
    return PHRASE.test([node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' '));
  }
  return false;
}

/** Places where a literal is code, not text: module names, non-text props, logs, developer errors, keys. */
function isCodeOnlyPlace(node: ts.Node): boolean {
  const compared = [
    ts.SyntaxKind.EqualsEqualsEqualsToken,
    ts.SyntaxKind.ExclamationEqualsEqualsToken,
    ts.SyntaxKind.EqualsEqualsToken,
    ts.SyntaxKind.ExclamationEqualsToken,
  ];
  if (ts.isBinaryExpression(node.parent) && compared.includes(node.parent.operatorToken.kind)) return true;
  // CSS inside style={{ … }} and styles={{ … }}.
  for (let up: ts.Node | undefined = node.parent; up; up = up.parent) {
    if (ts.isJsxAttribute(up) && ['style', 'styles'].includes(up.name.getText())) return true;
  }
  let child = node;
  let parent = node.parent;
  // Climb through `?:`, `&&`, parentheses and template spans to where the value is used.
  while (
    ts.isConditionalExpression(parent) ||
    ts.isParenthesizedExpression(parent) ||
    ts.isBinaryExpression(parent) ||
    ts.isTemplateSpan(parent) ||
    ts.isTemplateExpression(parent)
  ) {
    child = parent;
    parent = parent.parent;
  }
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isImportTypeNode(parent))
    return true;
  if (ts.isLiteralTypeNode(parent)) return true;
  if (ts.isJsxAttribute(parent) || (ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent))) {
    return true; // user-facing attributes are checked above; the rest (className, href) are code
  }
  if (ts.isJsxExpression(parent)) return true; // children are checked above
  if (ts.isPropertyAssignment(parent) && parent.name === child) return true;
  if (ts.isPropertyAssignment(parent) && USER_FACING.has(nameOf(parent.name) ?? '')) return true; // checked above
  if (ts.isElementAccessExpression(parent) || ts.isCaseClause(parent)) return true;
  if (ts.isBinaryExpression(child) && child.operatorToken.kind === ts.SyntaxKind.EqualsEqualsEqualsToken)
    return true;
  if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
    const callee = parent.expression.getText();
    // Developer messages: logs and errors thrown for programming mistakes, never shown as UI.
    if (/^console\.|^(Error|TypeError|RangeError|DOMException|super)$/.test(callee)) return true;
    // Translation calls take keys; test names are not UI.
    if (/(^|\.)t$|^(describe|it|test)$/.test(callee)) return true;
  }
  return false;
}

interface Finding {
  where: string;
  text: string;
}

export function findLiteralText(file: ParsedFile): Finding[] {
  const found: Finding[] = [];
  const seen = new Set<ts.Node>();
  const add = (node: ts.Node) => {
    if (seen.has(node)) return;
    seen.add(node);
    found.push({ where: lineOf(file, node), text: node.getText(file.source).replace(/\s+/g, ' ').trim() });
  };

  visit(file.source, (node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) add(node);
    // {'text'} or {cond ? 'a' : 'b'} between tags.
    if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      literalsIn(node.expression).forEach(add);
    }
    if (ts.isJsxAttribute(node) && USER_FACING.has(nameOf(node.name) ?? '') && node.initializer) {
      const init = node.initializer;
      if (ts.isStringLiteral(init)) {
        if (hasWords(init.text)) add(init);
      } else if (ts.isJsxExpression(init) && init.expression) {
        literalsIn(init.expression).forEach(add);
      }
    }
    if (ts.isPropertyAssignment(node) && USER_FACING.has(nameOf(node.name) ?? '')) {
      literalsIn(node.initializer).forEach(add);
    }
    // Any other literal that reads as words: a phrase, or a capitalised word ('Home'), e.g. a label
    // kept in a variable. Code-only strings (imports, class names, media types) do not look like that.
    if (isPhrase(node) && !isCodeOnlyPlace(node)) add(node);
    // Default values of props: ({ title = 'Something went wrong' }).
    if (ts.isBindingElement(node) && node.initializer) {
      const name = nameOf(node.propertyName ?? node.name);
      if (name && USER_FACING.has(name)) literalsIn(node.initializer).forEach(add);
    }
  });
  return found;
}

describe('interface text', () => {
  const files = webSourceFiles();

  it('comes from the translation resources, not from literals in components', () => {
    const findings = files
      .flatMap((file) => findLiteralText(file).map((f) => ({ ...f, file: file.path })))
      .filter((f) => !ALLOWED.some((a) => a.file === f.file && f.text.includes(a.text)))
      .map((f) => `${f.where}  ${f.text}`);
    expect(findings).toEqual([]);
  });

  it('allows only literals that still exist', () => {
    const all = webSourceFiles().flatMap((file) =>
      findLiteralText(file).map((f) => ({ ...f, file: file.path })),
    );
    const stale = ALLOWED.filter((a) => !all.some((f) => f.file === a.file && f.text.includes(a.text)));
    expect(stale).toEqual([]);
  });

  it('catches text in tags, props, notifications and defaults', () => {
    const sample = ts.createSourceFile(
      'sample.tsx',
      `export const A = ({ title = 'Oops' }) => (
        <div aria-label={open ? 'Close it' : 'Open it'} className="vp-x">
          Hello {'there'} {n}
          <input placeholder={\`Step \${n}\`} />
        </div>
      );
      notifications.show({ title: 'Saved', message: t('saved'), color: 'teal' });`,
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    );
    const texts = findLiteralText({ path: 'sample.tsx', source: sample }).map((f) => f.text);
    expect(texts.sort()).toEqual(
      ["'Close it'", "'Oops'", "'Open it'", "'Saved'", "'there'", `\`Step \${n}\``, 'Hello'].sort(),
    );
  });
});
