import { z } from 'zod';
import { zEnv } from './config.schema.ts';

export const CONFIG_DOCS_START = '<!-- config:start -->';
export const CONFIG_DOCS_END = '<!-- config:end -->';

/** The README's configuration table, made from the schema's descriptions and defaults. */
export function configTable(): string {
  const rows = Object.entries(zEnv.shape).map(([name, schema]) => {
    const fallback = defaultOf(schema);
    return `| \`${name}\` | ${fallback === undefined ? '—' : `\`${fallback}\``} | ${schema.description ?? ''} |`;
  });
  return ['| Variable | Default | What it does |', '|---|---|---|', ...rows].join('\n');
}

function defaultOf(schema: z.ZodType): string | undefined {
  if (schema instanceof z.ZodDefault) {
    const value: unknown = schema.def.defaultValue;
    return Array.isArray(value) ? value.join(',') : String(value);
  }
  return undefined;
}

/** Replaces the table between the markers in `readme`. */
export function withConfigTable(readme: string): string {
  const start = readme.indexOf(CONFIG_DOCS_START);
  const end = readme.indexOf(CONFIG_DOCS_END);
  if (start < 0 || end < start) throw new Error('README has no configuration markers');
  return `${readme.slice(0, start + CONFIG_DOCS_START.length)}\n${configTable()}\n${readme.slice(end)}`;
}
