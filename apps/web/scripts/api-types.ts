// `npm run api:types -w @voxpress/web`: writes src/lib/api/schema.d.ts, the request and response
// types of the server's API document (apps/server/openapi.json). src/lib/api/schema.test.ts checks
// that the committed file is what this makes of the committed document.
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, {
  astToString,
  COMMENT_HEADER,
  type SchemaObject,
  type TransformNodeOptions,
  transformSchemaObject,
  tsLiteral,
  tsRecord,
  tsUnion,
} from 'openapi-typescript';

export const OPENAPI_FILE = join(import.meta.dirname, '../../server/openapi.json');
export const SCHEMA_FILE = join(import.meta.dirname, '../src/lib/api/schema.d.ts');

interface KeyedObject {
  propertyNames?: { enum?: unknown[] };
  additionalProperties?: unknown;
  properties?: unknown;
  required?: string[];
}

/**
 * An object whose keys are a closed list, every one of them present (the server's
 * `z.record(z.enum([...]), value)`), becomes `Record<'a' | 'b', Value>`. Left alone, the generator
 * ignores `propertyNames` and writes `{ [key: string]: Value }`, which a reader cannot index
 * without checking for a missing key the server always sends.
 */
function closedRecord(schema: SchemaObject, options: TransformNodeOptions) {
  const keyed = schema as KeyedObject;
  const keys = keyed.propertyNames?.enum;
  const value = keyed.additionalProperties;
  if (!keys || keyed.properties || typeof value !== 'object' || value === null) return undefined;
  if (!keys.every((k) => typeof k === 'string' && keyed.required?.includes(k))) return undefined;
  return tsRecord(
    tsUnion(keys.map((k) => tsLiteral(k))),
    transformSchemaObject(value as SchemaObject, {
      ...options,
      path: `${options.path}/additionalProperties`,
    }),
  );
}

/** The text of schema.d.ts for the document as it is now. */
export async function apiTypes(): Promise<string> {
  const nodes = await openapiTS(pathToFileURL(OPENAPI_FILE), {
    silent: true,
    defaultNonNullable: false,
    transform: closedRecord,
  });
  return `${COMMENT_HEADER}${astToString(nodes)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(SCHEMA_FILE, await apiTypes());
  console.log(`Wrote ${relative(process.cwd(), SCHEMA_FILE)} from ${relative(process.cwd(), OPENAPI_FILE)}`);
}
