/**
 * Turns the JSON Schema the AI SDK sends for a structured answer (zod's output: `$ref`s,
 * `anyOf` for nullable fields, `additionalProperties: false`, formats and bounds) into the subset
 * node-llama-cpp compiles into a grammar. References are inlined; keywords a grammar cannot hold
 * (patterns, numeric bounds) are left out: the answer is still checked against the full schema
 * with zod afterwards, so nothing is lost, only enforced later.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** A schema node node-llama-cpp's `createGrammarForJsonSchema` accepts (checked there). */
export type GrammarSchema = { readonly [key: string]: unknown };

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null', 'object', 'array']);
const DATE_FORMATS = new Set(['date-time', 'time', 'date']);

export class UnsupportedSchemaError extends Error {
  override name = 'UnsupportedSchemaError';
}

export function grammarSchema(schema: unknown): GrammarSchema {
  const root = asObject(schema) ?? {};
  const defs = { ...asObject(root.definitions), ...asObject(root.$defs) };
  return convert(root, defs, 0);
}

function convert(node: JsonObject, defs: JsonObject, depth: number): GrammarSchema {
  if (depth > 32) throw new UnsupportedSchemaError('The schema nests too deeply (a recursive $ref?)');
  const out: Record<string, unknown> = {};
  if (typeof node.description === 'string') out.description = node.description;
  if (typeof node.$ref === 'string') {
    const name = node.$ref.replace(/^#\/(\$defs|definitions)\//, '');
    const target = asObject(defs[name]);
    if (!target) throw new UnsupportedSchemaError(`Unknown $ref ${node.$ref}`);
    return convert(target, defs, depth + 1);
  }
  if ('const' in node) return { ...out, const: node.const };
  if (Array.isArray(node.enum)) return { ...out, enum: node.enum };
  const alternatives = (
    Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : null
  )
    ?.map(asObject)
    .filter((a): a is JsonObject => a !== null);
  if (alternatives) {
    const options = alternatives.map((a) => convert(a, defs, depth + 1));
    return options.length === 1 ? (options[0] as GrammarSchema) : { ...out, oneOf: options };
  }
  const types = (Array.isArray(node.type) ? node.type : [node.type]).filter(
    (t): t is string => typeof t === 'string' && TYPES.has(t),
  );
  if (types.length === 0) {
    // `{}` (anything): the grammar cannot say "any JSON", so allow the plain values.
    return { ...out, type: ['string', 'number', 'boolean', 'null'] };
  }
  if (types.length > 1) {
    return {
      ...out,
      oneOf: types.map((type) => convert({ ...node, type }, defs, depth + 1)),
    };
  }
  const type = types[0] as string;
  if (type === 'string') {
    if (typeof node.format === 'string' && DATE_FORMATS.has(node.format))
      return { ...out, type, format: node.format };
    return {
      ...out,
      type,
      ...(typeof node.minLength === 'number' ? { minLength: node.minLength } : {}),
      ...(typeof node.maxLength === 'number' ? { maxLength: node.maxLength } : {}),
    };
  }
  if (type === 'array') {
    const items = asObject(node.items);
    return {
      ...out,
      type,
      ...(items ? { items: convert(items, defs, depth + 1) } : {}),
      ...(typeof node.minItems === 'number' ? { minItems: node.minItems } : {}),
      ...(typeof node.maxItems === 'number' ? { maxItems: node.maxItems } : {}),
    };
  }
  if (type === 'object') {
    const properties = asObject(node.properties) ?? {};
    const converted: Record<string, GrammarSchema> = {};
    for (const [key, value] of Object.entries(properties)) {
      const child = asObject(value);
      if (child) converted[key] = convert(child, defs, depth + 1);
    }
    const required = Array.isArray(node.required)
      ? node.required.filter((k): k is string => typeof k === 'string' && k in converted)
      : [];
    return { ...out, type, properties: converted, required, additionalProperties: false };
  }
  return { ...out, type };
}

function asObject(value: unknown): JsonObject | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : null;
}
