import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPENAPI_FILE } from '../../test/openapi.ts';
import { keepReferencedSchemas, wrapRefsWithSiblings } from './openapi-components.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function refsIn(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const entry of value) refsIn(entry, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') into.push(child);
      else refsIn(child, into);
    }
  }
  return into;
}

describe('keepReferencedSchemas', () => {
  it('keeps components reached from the paths, also through other components, and drops the rest', () => {
    const document = {
      openapi: '3.1.0',
      paths: {
        '/a': { get: { responses: { 200: { content: { 'application/json': { schema: ref('Item') } } } } } },
      },
      components: {
        securitySchemes: { bearer: { type: 'http' } },
        schemas: {
          Item: { type: 'object', properties: { audio: ref('Audio') } },
          Audio: { type: 'object', properties: { status: ref('AudioStatus') } },
          AudioStatus: { type: 'string', enum: ['ready'] },
          ItemInput: { type: 'object' },
          Unused: { type: 'object', properties: { again: ref('AudioStatus') } },
        },
      },
    };
    const kept = keepReferencedSchemas(document);
    expect(Object.keys(kept.components.schemas).sort()).toEqual(['Audio', 'AudioStatus', 'Item']);
    expect(kept.components.securitySchemes).toEqual({ bearer: { type: 'http' } });
    expect(kept.paths).toBe(document.paths);
  });
});

describe('wrapRefsWithSiblings', () => {
  it('moves a $ref that has a default or description into allOf, and leaves a bare $ref alone', () => {
    const schema = {
      type: 'object',
      properties: {
        content_type: { default: 'enhanced', ...ref('EnhanceContentTypeInput') },
        audio: ref('Audio'),
        list: { type: 'array', items: { description: 'One item', ...ref('Item') } },
      },
    };
    expect(wrapRefsWithSiblings(schema)).toEqual({
      type: 'object',
      properties: {
        content_type: { allOf: [ref('EnhanceContentTypeInput')], default: 'enhanced' },
        audio: ref('Audio'),
        list: { type: 'array', items: { allOf: [ref('Item')], description: 'One item' } },
      },
    });
  });
});

describe('the checked-in OpenAPI document', () => {
  const document = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'));
  const schemas: Record<string, unknown> = document.components.schemas;

  it('shares the contract schemas as components, and every $ref resolves to one', () => {
    for (const name of [
      'Audio',
      'Item',
      'Content',
      'Transcription',
      'Speaker',
      'Share',
      'AskAnswer',
      'ErrorResponse',
    ]) {
      expect(schemas[name], name).toBeDefined();
    }
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(100);
    for (const target of refs) {
      expect(target).toMatch(/^#\/components\/schemas\//);
      expect(schemas[target.slice('#/components/schemas/'.length)], target).toBeDefined();
    }
  });

  it('keeps the default a request gives a shared schema', () => {
    const body =
      document.paths['/api/v1/content/enhance'].post.requestBody.content['application/json'].schema;
    expect(body.properties.content_type).toEqual({
      allOf: [ref('EnhanceContentTypeInput')],
      default: 'enhanced',
    });
  });
});
