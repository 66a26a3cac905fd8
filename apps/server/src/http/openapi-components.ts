const COMPONENT_REF = '#/components/schemas/';

/** Names of the component schemas `value` refers to through `$ref`. */
function collectRefs(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const entry of value) collectRefs(entry, into);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string' && child.startsWith(COMPONENT_REF)) {
      into.add(decodeURIComponent(child.slice(COMPONENT_REF.length)));
    } else {
      collectRefs(child, into);
    }
  }
}

/**
 * Keeps only the component schemas the document reaches from its paths (directly or through other
 * components). Every shared contract schema is registered twice, as `Name` for responses and
 * `NameInput` for requests, and most are only ever used one way: the other copy would be dead
 * weight in the published document.
 */
export function keepReferencedSchemas<T extends object>(document: T): T {
  const { components, ...rest } = document as { components?: { schemas?: Record<string, unknown> } };
  const schemas = components?.schemas;
  if (!schemas) return document;
  const reached = new Set<string>();
  collectRefs(rest, reached);
  collectRefs({ ...components, schemas: undefined }, reached);
  const pending = [...reached];
  while (pending.length > 0) {
    const name = pending.pop() as string;
    const found = new Set<string>();
    collectRefs(schemas[name], found);
    for (const next of found) {
      if (!reached.has(next)) {
        reached.add(next);
        pending.push(next);
      }
    }
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
  return { ...document, components: { ...components, schemas: kept } };
}

/**
 * `{ $ref, default, description }` becomes `{ allOf: [{ $ref }], default, description }`:
 * @fastify/swagger drops every keyword next to a `$ref` (an OpenAPI 3.0 rule), which would lose
 * the default or description a route gives a shared schema.
 */
export function wrapRefsWithSiblings<T>(value: T): T {
  if (Array.isArray(value)) return value.map(wrapRefsWithSiblings) as T;
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([key, child]) => [key, wrapRefsWithSiblings(child)] as const);
  const { $ref, ...siblings } = Object.fromEntries(entries) as Record<string, unknown>;
  if (typeof $ref !== 'string' || Object.keys(siblings).length === 0) return Object.fromEntries(entries) as T;
  return { allOf: [{ $ref }], ...siblings } as T;
}
