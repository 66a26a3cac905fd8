import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTERFACE_LANGUAGE_CODES, isInterfaceLanguage } from './interface-languages.ts';
import { englishResources } from './resources.ts';

// Every language whose files exist under locales/ must say everything English says, no more: the
// same keys, the same {{placeholders}} and <tags>, and the plural forms its own grammar needs
// (Arabic has six, Japanese one). A new language is a new folder; this test finds it by itself.

const LOCALES = join(import.meta.dirname, 'locales');
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** Share of a language's texts allowed to read exactly as in English (names, codes, "{{a}}: {{b}}"). */
const MAX_UNCHANGED_SHARE = 0.08;

type Tree = Record<string, unknown>;

interface Entry {
  /** Plural forms present (zero, one, …); empty for a text without plural forms. */
  forms: Set<string>;
  variables: Set<string>;
  tags: Set<string>;
  texts: string[];
}

function flatten(value: unknown, prefix: string, out: Map<string, string>, problems: string[]): void {
  if (typeof value === 'string') {
    out.set(prefix, value);
    return;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push(`${prefix}: not a text or a group of texts`);
    return;
  }
  for (const [k, v] of Object.entries(value as Tree))
    flatten(v, prefix ? `${prefix}.${k}` : k, out, problems);
}

const variablesOf = (text: string) => [...text.matchAll(/\{\{\s*([^,}\s]+)/g)].map((m) => m[1] ?? '');
const tagsOf = (text: string) => [...text.matchAll(/<\/?([A-Za-z0-9]+)\s*\/?>/g)].map((m) => m[1] ?? '');

/** Texts of one namespace by base key (plural forms folded together). */
function entries(tree: unknown, problems: string[]): Map<string, Entry> {
  const flat = new Map<string, string>();
  flatten(tree, '', flat, problems);
  const out = new Map<string, Entry>();
  for (const [key, text] of flat) {
    const form = PLURAL.exec(key)?.[1];
    const base = form ? key.replace(PLURAL, '') : key;
    const entry = out.get(base) ?? { forms: new Set(), variables: new Set(), tags: new Set(), texts: [] };
    if (form) entry.forms.add(form);
    for (const v of variablesOf(text)) entry.variables.add(v);
    for (const tag of tagsOf(text)) entry.tags.add(tag);
    entry.texts.push(text);
    out.set(base, entry);
  }
  return out;
}

const sorted = (set: Set<string>) => [...set].sort().join(', ');

/** The plural forms a language's grammar asks i18next for, plus the zero form where English has one. */
function formsFor(language: string, english: Entry): Set<string> {
  const forms = new Set<string>(new Intl.PluralRules(language).resolvedOptions().pluralCategories);
  if (english.forms.has('zero')) forms.add('zero');
  return forms;
}

/** Every difference between one language's namespace and English's, one line each. */
function compareNamespace(language: string, namespace: string, tree: unknown): string[] {
  const problems: string[] = [];
  const english = entries(englishResources[namespace as keyof typeof englishResources], []);
  const other = entries(tree, problems);
  const where = (key: string) => `${language}/${namespace}.json ${key}`;
  for (const [key, en] of english) {
    const entry = other.get(key);
    if (!entry) {
      problems.push(`${where(key)}: missing`);
      continue;
    }
    if (en.forms.size > 0) {
      const wanted = formsFor(language, en);
      if (sorted(entry.forms) !== sorted(wanted))
        problems.push(
          `${where(key)}: plural forms {${sorted(entry.forms)}}, ${language} needs {${sorted(wanted)}}`,
        );
    } else if (entry.forms.size > 0) {
      problems.push(`${where(key)}: has plural forms, English has none`);
    }
    if (sorted(entry.variables) !== sorted(en.variables))
      problems.push(
        `${where(key)}: placeholders {${sorted(entry.variables)}}, English {${sorted(en.variables)}}`,
      );
    if (sorted(entry.tags) !== sorted(en.tags))
      problems.push(`${where(key)}: tags <${sorted(entry.tags)}>, English <${sorted(en.tags)}>`);
    if (entry.texts.some((text) => !text.trim())) problems.push(`${where(key)}: empty`);
  }
  for (const key of other.keys()) if (!english.has(key)) problems.push(`${where(key)}: not in English`);
  return problems;
}

/** Languages that have a folder under locales/, English aside. */
function languageFolders(): string[] {
  return readdirSync(LOCALES, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== 'en')
    .map((e) => e.name)
    .sort();
}

const namespaces = Object.keys(englishResources).sort();

function readNamespace(language: string, namespace: string): unknown {
  return JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), 'utf8'));
}

describe('translations', () => {
  it('are folders named after one of the 25 interface languages', () => {
    const unknown = languageFolders().filter((l) => !isInterfaceLanguage(l));
    expect(unknown, `interface languages: ${INTERFACE_LANGUAGE_CODES.join(' ')}`).toEqual([]);
  });

  describe.each(languageFolders())('%s', (language) => {
    it('has every namespace English has, and no other', () => {
      const files = readdirSync(join(LOCALES, language))
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.replace(/\.json$/, ''))
        .sort();
      expect(files).toEqual(namespaces);
    });

    it('says everything English says: same keys, placeholders, tags, and its own plural forms', () => {
      const problems = namespaces.flatMap((ns) =>
        existsSync(join(LOCALES, language, `${ns}.json`))
          ? compareNamespace(language, ns, readNamespace(language, ns))
          : [],
      );
      expect(problems).toEqual([]);
    });

    it('is written in the language, not copied from English', () => {
      let total = 0;
      const unchanged: string[] = [];
      for (const ns of namespaces) {
        if (!existsSync(join(LOCALES, language, `${ns}.json`))) continue;
        const en = new Map<string, string>();
        const other = new Map<string, string>();
        flatten(englishResources[ns as keyof typeof englishResources], '', en, []);
        flatten(readNamespace(language, ns), '', other, []);
        for (const [key, text] of other) {
          total += 1;
          // Texts without words of their own (a brand, a code, "{{label}}: {{name}}") stay as they are.
          const words = text.replace(/\{\{[^}]*\}\}|<[^>]*>/g, '');
          if (en.get(key) === text && /\p{L}{4,}/u.test(words)) unchanged.push(`${ns}:${key}`);
        }
      }
      expect(unchanged.length, unchanged.join('\n')).toBeLessThanOrEqual(
        Math.floor(total * MAX_UNCHANGED_SHARE),
      );
    });
  });
});

describe('compareNamespace', () => {
  // The comparison itself, on small made-up files, so a broken check cannot pass silently.
  it('finds missing and extra keys, placeholders, tags and plural forms', () => {
    const problems = compareNamespace('ar', 'home', {
      welcome: 'مرحبًا',
      extra: 'زائد',
    });
    expect(problems).toContain('ar/home.json welcome: placeholders {}, English {name}');
    expect(problems).toContain('ar/home.json extra: not in English');
    expect(problems.some((p) => p.startsWith('ar/home.json lead: missing'))).toBe(true);
    expect(problems.some((p) => p.startsWith('ar/home.json stats.beingTranscribed: missing'))).toBe(true);

    const plural = compareNamespace('ar', 'home', {
      stats: { beingTranscribed_one: '{{count}}', beingTranscribed_other: '{{count}}' },
    }).filter((p) => p.includes('beingTranscribed'));
    expect(plural).toEqual([
      'ar/home.json stats.beingTranscribed: plural forms {one, other}, ar needs {few, many, one, other, two, zero}',
    ]);

    const tags = compareNamespace('es', 'about', { next: { text: 'La <link>página</link>.' } }).filter((p) =>
      p.includes('next.text'),
    );
    expect(tags).toEqual(['es/about.json next.text: tags <link>, English <featuresLink>']);
  });
});
