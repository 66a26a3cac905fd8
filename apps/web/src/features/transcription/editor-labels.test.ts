import { DEFAULT_LABELS } from '@mantine/tiptap';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { toolbarLabels } from './editor-labels.ts';

describe('editor toolbar labels', () => {
  it('read in English exactly as the editor library words them', () => {
    const labels = toolbarLabels(i18n.getFixedT('en', 'transcription'));
    for (const [name, value] of Object.entries(labels)) {
      const expected = DEFAULT_LABELS[name as keyof typeof DEFAULT_LABELS];
      if (typeof value === 'function') {
        expect((value as (color: string) => string)('#c92a2a'), name).toBe(
          (expected as (color: string) => string)('#c92a2a'),
        );
      } else {
        expect(value, name).toBe(expected);
      }
    }
    expect(Object.keys(labels).length).toBeGreaterThan(25);
  });
});
