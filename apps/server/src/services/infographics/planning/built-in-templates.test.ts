import {
  INFOGRAPHIC_CONTENT_TYPES,
  LAYOUT_STYLES,
  zInfographicTemplate,
  zLayoutStyle,
} from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { builtInTemplates, parseBuiltInId } from './built-in-templates.ts';

describe('built-in templates', () => {
  it('come in every layout style for every content type, each with its style’s best-for list', () => {
    const templates = builtInTemplates();
    expect(new Set(templates.map((t) => t.id)).size).toBe(
      LAYOUT_STYLES.length * INFOGRAPHIC_CONTENT_TYPES.length,
    );
    for (const template of templates) {
      const entry = LAYOUT_STYLES.find((s) => s.key === template.layout_style);
      expect(parseBuiltInId(template.id)).toEqual({ style: entry?.key, contentType: template.content_type });
      expect(template.template_info.best_for).toEqual(entry?.bestFor);
      expect(template.name.startsWith(`${entry?.name} `)).toBe(true);
      expect(zInfographicTemplate.parse(template)).toEqual(template);
    }
  });

  it('show clients a style as the schema declares it, without the catalogue’s own notes', () => {
    const shown = z.strictObject(zLayoutStyle.shape);
    for (const template of builtInTemplates('recipe')) {
      expect(shown.safeParse(template.style).error).toBeUndefined();
      expect(template.style).not.toHaveProperty('bestFor');
    }
  });
});
