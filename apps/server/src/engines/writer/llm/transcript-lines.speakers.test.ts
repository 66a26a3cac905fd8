import { describe, expect, it } from 'vitest';
import { userPrompt } from './prompt-builder.ts';
import { contentTypeTemplate } from './prompts/content-types.ts';
import { sourceSegments, transcriptLines } from './transcript-lines.ts';

const segments = [
  { start: 723.4, end: 726, text: 'We ship on Friday.', speaker: 'S1', speaker_name: 'Ana' },
  {
    start: 726.5,
    end: 729,
    text: ' I will write the release notes. ',
    speaker: 'S2',
    speaker_name: 'Speaker 2',
  },
];

describe('speaker-tagged transcript lines', () => {
  it('name who speaks on each line when there are several voices', () => {
    expect(transcriptLines(sourceSegments(segments, ''))).toBe(
      '#0 [00:12:03] Ana: We ship on Friday.\n#1 [00:12:06] Speaker 2: I will write the release notes.',
    );
  });

  it('leave the names out for one voice or none', () => {
    const one = segments.map((s) => ({ ...s, speaker: 'S1', speaker_name: 'Ana' }));
    expect(transcriptLines(sourceSegments(one, ''))).toBe(
      '#0 [00:12:03] We ship on Friday.\n#1 [00:12:06] I will write the release notes.',
    );
    const none = segments.map(({ start, end, text }) => ({ start, end, text }));
    expect(transcriptLines(sourceSegments(none, ''))).not.toContain('Ana');
  });

  it('tell the model to attribute and never to take a numbered voice for a name', () => {
    const template = contentTypeTemplate('meeting_notes');
    expect(template).toBeTruthy();
    if (!template) return;
    const brief = { template, language: 'en' };
    const voiced = userPrompt(brief, sourceSegments(segments, ''), { index: 0, count: 1 });
    expect(voiced).toContain('Attribute quotes, decisions and action items');
    expect(voiced).toContain('#0 [00:12:03] Ana: We ship on Friday.');
    const plain = userPrompt(brief, sourceSegments(segments.slice(0, 1), ''), { index: 0, count: 1 });
    expect(plain).not.toContain('Attribute');
  });
});
