import type { ContentBlock } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import { blockAt, layOut, plainText } from './content-blocks.ts';

const b = (type: ContentBlock['type'], text: string, start: number | null = null): ContentBlock => ({
  type,
  text,
  segment_ids: start === null ? [] : [Math.round(start)],
  start,
});

describe('content blocks', () => {
  it('groups list items that follow each other into one list', () => {
    const laid = layOut([
      b('heading', 'H'),
      b('bullet', 'a'),
      b('bullet', 'b'),
      b('numbered', '1'),
      b('paragraph', 'p'),
      b('bullet', 'c'),
    ]);
    expect(laid.map((l) => ('items' in l ? `${l.kind}:${l.items.length}` : l.kind))).toEqual([
      'heading',
      'bullet:2',
      'numbered:1',
      'paragraph',
      'bullet:1',
    ]);
  });

  it('shows emphasis marks as plain words', () => {
    expect(plainText('A **bold** and _quiet_ `code` word, 2 * 3 * 4')).toBe(
      'A bold and quiet code word, 2 * 3 * 4',
    );
  });

  it('finds the block the recording is at', () => {
    const blocks = [
      b('heading', 'H'),
      b('paragraph', 'one', 0.5),
      b('paragraph', 'two', 12),
      b('bullet', 'x', 30),
    ];
    expect(blockAt(blocks, 0)).toBe(-1);
    expect(blockAt(blocks, 5)).toBe(1);
    expect(blockAt(blocks, 12)).toBe(2);
    expect(blockAt(blocks, 99)).toBe(3);
    expect(blockAt([b('paragraph', 'untimed')], 10)).toBe(-1);
  });
});
