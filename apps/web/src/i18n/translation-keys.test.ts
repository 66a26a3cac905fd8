import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NAMESPACE, englishResources } from './resources.ts';
import { lineOf, literalText, type ParsedFile, visit, webSourceFiles } from './source-scan.ts';

// Keys in code and texts in the English files must match both ways, with the same placeholders:
// a missing key shows the key itself to the user, an unused one wastes every translator's time,
// and a placeholder the code does not fill shows '{{name}}'.

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** i18next options that may sit beside interpolation values and are not placeholders. */
const OPTION_KEYS = new Set(['ns', 'lng', 'lngs', 'defaultValue', 'context', 'returnObjects', 'ordinal']);

/**
 * Namespaces read with keys computed at run time, and the one file allowed to do so; the file's
 * own test checks that every computed key exists.
 */
const COMPUTED_KEYS: Record<string, string> = {
  errors: 'lib/error-text.ts',
};

interface Entry {
  plural: boolean;
  variables: Set<string>;
}

function flatten(value: unknown, prefix: string, out: Map<string, string>): void {
  if (typeof value === 'string') {
    out.set(prefix, value);
    return;
  }
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    flatten(v, prefix ? `${prefix}.${k}` : k, out);
  }
}

function variablesOf(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^,}\s]+)/g)].map((m) => m[1] ?? '');
}

/** `ns:key` → whether it is plural and which placeholders its texts use. */
function resourceEntries(): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  for (const [ns, tree] of Object.entries(englishResources)) {
    const flat = new Map<string, string>();
    flatten(tree, '', flat);
    for (const [key, text] of flat) {
      const plural = PLURAL.test(key);
      const id = `${ns}:${key.replace(PLURAL, '')}`;
      const entry = entries.get(id) ?? { plural, variables: new Set<string>() };
      for (const v of variablesOf(text)) entry.variables.add(v);
      entries.set(id, entry);
    }
  }
  return entries;
}

interface Use {
  id: string;
  where: string;
  /** Names passed as values; undefined when they cannot be read from the code. */
  values: Set<string> | undefined;
}

function namespaceArg(node: ts.Expression | undefined): string | undefined {
  const first = node && ts.isArrayLiteralExpression(node) ? node.elements[0] : node;
  return literalText(first);
}

/**
 * Which namespace each translate function of a file reads: `const { t } = useTranslation('ns')`,
 * `const { t: tCommon } = useTranslation('common')`, `(t: TFunction<'ns'>)`, `getFixedT(null, 'ns')`.
 * A `t` bound nowhere (i18n.t, an inline callback) reads the default namespace.
 */
function translateFunctions(file: ParsedFile, problems: string[]): Map<string, string> {
  const bound = new Map<string, string>();
  const bind = (name: string, ns: string, node: ts.Node) => {
    const before = bound.get(name);
    if (before && before !== ns)
      problems.push(`${lineOf(file, node)}: '${name}' reads both ${before} and ${ns}`);
    bound.set(name, ns);
  };
  visit(file.source, (node) => {
    if (ts.isVariableDeclaration(node) && node.initializer && ts.isCallExpression(node.initializer)) {
      const call = node.initializer;
      const callee = call.expression.getText(file.source);
      if (callee === 'useTranslation' && ts.isObjectBindingPattern(node.name)) {
        const ns = namespaceArg(call.arguments[0]) ?? DEFAULT_NAMESPACE;
        for (const el of node.name.elements) {
          const prop = (el.propertyName ?? el.name).getText(file.source);
          if (prop === 't' && ts.isIdentifier(el.name)) bind(el.name.text, ns, el);
        }
      }
      if (callee.endsWith('getFixedT') && ts.isIdentifier(node.name)) {
        bind(node.name.text, namespaceArg(call.arguments[1]) ?? DEFAULT_NAMESPACE, node);
      }
    }
    if (
      ts.isParameter(node) &&
      ts.isIdentifier(node.name) &&
      node.type &&
      ts.isTypeReferenceNode(node.type)
    ) {
      const type = node.type;
      if (type.typeName.getText(file.source) === 'TFunction') {
        bind(
          node.name.text,
          namespaceArg(
            type.typeArguments?.[0] && ts.isLiteralTypeNode(type.typeArguments[0])
              ? (type.typeArguments[0].literal as ts.Expression)
              : undefined,
          ) ?? DEFAULT_NAMESPACE,
          node,
        );
      }
    }
  });
  return bound;
}

function valuesOf(node: ts.Expression | undefined): Set<string> | undefined {
  if (!node) return new Set();
  if (!ts.isObjectLiteralExpression(node)) return undefined;
  const names = new Set<string>();
  for (const p of node.properties) {
    if ((ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && ts.isIdentifier(p.name)) {
      if (!OPTION_KEYS.has(p.name.text)) names.add(p.name.text);
    } else {
      return undefined; // spreads or computed names: cannot be checked
    }
  }
  return names;
}

function collectUses(files: ParsedFile[]): { uses: Use[]; problems: string[] } {
  const uses: Use[] = [];
  const problems: string[] = [];
  for (const file of files) {
    const functions = translateFunctions(file, problems);
    const qualify = (key: string, ns: string) => (key.includes(':') ? key : `${ns}:${key}`);
    visit(file.source, (node) => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        let ns: string | undefined;
        if (ts.isIdentifier(callee))
          ns = functions.get(callee.text) ?? (callee.text === 't' ? DEFAULT_NAMESPACE : undefined);
        if (ts.isPropertyAccessExpression(callee) && callee.name.text === 't') ns = DEFAULT_NAMESPACE;
        if (ns === undefined) return;
        const key = literalText(node.arguments[0]);
        if (key === undefined) {
          if (COMPUTED_KEYS[ns] !== file.path)
            problems.push(`${lineOf(file, node)}: key computed at run time`);
          return;
        }
        uses.push({ id: qualify(key, ns), where: lineOf(file, node), values: valuesOf(node.arguments[1]) });
      }
      if (
        (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) &&
        node.tagName.getText() === 'Trans'
      ) {
        const attrs = new Map<string, ts.JsxAttribute>();
        for (const a of node.attributes.properties) if (ts.isJsxAttribute(a)) attrs.set(a.name.getText(), a);
        const key = literalText(attrs.get('i18nKey')?.initializer);
        if (key === undefined) {
          problems.push(`${lineOf(file, node)}: <Trans> without a literal i18nKey`);
          return;
        }
        const init = attrs.get('values')?.initializer;
        const values = init && ts.isJsxExpression(init) ? valuesOf(init.expression) : new Set<string>();
        if (values && attrs.has('count')) values.add('count');
        const tAttr = attrs.get('t')?.initializer;
        const tName =
          tAttr && ts.isJsxExpression(tAttr) && tAttr.expression
            ? tAttr.expression.getText(file.source)
            : 't';
        const ns = literalText(attrs.get('ns')?.initializer) ?? functions.get(tName) ?? DEFAULT_NAMESPACE;
        uses.push({ id: qualify(key, ns), where: lineOf(file, node), values });
      }
    });
  }
  return { uses, problems };
}

describe('translation keys', () => {
  const entries = resourceEntries();
  const { uses, problems } = collectUses(webSourceFiles());

  it('are literal, and each translate function reads one namespace', () => {
    expect(problems).toEqual([]);
  });

  it('used in code all exist in the English resources', () => {
    const missing = uses.filter((u) => !entries.has(u.id)).map((u) => `${u.where}  ${u.id}`);
    expect(missing).toEqual([]);
  });

  it('pass exactly the placeholders their English texts use', () => {
    const mismatched: string[] = [];
    for (const use of uses) {
      const entry = entries.get(use.id);
      if (!entry) continue;
      if (!use.values) {
        mismatched.push(`${use.where}  ${use.id}: values must be an object literal`);
        continue;
      }
      const expected = new Set(entry.variables);
      if (entry.plural) expected.add('count');
      const given = [...use.values].sort().join(',');
      const wanted = [...expected].sort().join(',');
      if (given !== wanted)
        mismatched.push(`${use.where}  ${use.id}: passes {${given}}, text uses {${wanted}}`);
    }
    expect(mismatched).toEqual([]);
  });

  it('in the English resources are all used', () => {
    const used = new Set(uses.map((u) => u.id));
    const unused = [...entries.keys()].filter(
      (id) => !used.has(id) && !((id.split(':')[0] ?? '') in COMPUTED_KEYS),
    );
    expect(unused).toEqual([]);
  });

  it('leave plurals to i18next (_one/_other), not to hand-made endings', () => {
    expect(JSON.stringify(englishResources)).not.toMatch(/\p{L}\(s\)/u);
    const handMade: string[] = [];
    for (const file of webSourceFiles()) {
      visit(file.source, (node) => {
        // n === 1 ? '' : 's' and the like
        if (!ts.isConditionalExpression(node)) return;
        const cond = node.condition.getText(file.source);
        const branches = [literalText(node.whenTrue), literalText(node.whenFalse)];
        if (/[=!]==?\s*1\b/.test(cond) && branches.every((b) => b !== undefined)) {
          handMade.push(`${lineOf(file, node)}  ${node.getText(file.source)}`);
        }
      });
    }
    expect(handMade).toEqual([]);
  });
});
