import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { INLINE_EXPORT_CHARS, renderExport } from './subtitle-runner.ts';
import { exportTranscript } from './subtitles.ts';

const segments = Array.from({ length: 600 }, (_, i) => ({
  start: i * 5,
  end: i * 5 + 4.6,
  text: `Segment ${i} goes on about gardens, bread and the weather for a while.`,
}));
const text = Array.from({ length: 900 }, (_, i) => `Line ${i}, Edited by Dana, word by word.`).join('\n');
const source = { text, segments, language: 'en', edited: true };

describe('rendering a long export', () => {
  it('renders in a worker, leaving the event loop turning, the same subtitles as in place', {
    timeout: 300_000,
  }, async () => {
    expect(text.length).toBeGreaterThan(INLINE_EXPORT_CHARS);
    let rendered = false;
    const body = renderExport('srt', source).finally(() => {
      rendered = true;
    });
    let turns = 0;
    while (!rendered) {
      await nextTurn();
      turns++;
    }
    // Rendered on this thread, the whole export would take one turn.
    expect(turns).toBeGreaterThan(10);
    // An edit unlike what was heard is matched to the segments by position, not word by word.
    expect(await body).toBe(exportTranscript('srt', source));
  });

  it('renders plain text and short exports in place', async () => {
    const short = { ...source, text: 'Edited by Dana.' };
    expect(await renderExport('srt', short)).toBe(exportTranscript('srt', short));
    expect(await renderExport('txt', source)).toBe(`${text}\n`);
  });
});
