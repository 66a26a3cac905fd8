import { describe, expect, it } from 'vitest';
import { composeContent } from './compose.ts';
import type { VoicedSegment } from './sentences.ts';

/**
 * A meeting of two voices as PocketSphinx hears it (no punctuation), after speaker detection:
 * the first voice named Ana by the user, the second left as "Speaker 2". The engine's segments
 * run across the change of voice, as they do when one person answers straight away.
 */
const MEETING: VoicedSegment[] = [
  { start: 0, end: 4, text: 'welcome to the weekly product meeting', speaker: 'S1', speaker_name: 'Ana' },
  {
    start: 4.4,
    end: 9,
    text: 'the beta went out on monday and the feedback has been good',
    speaker: 'S1',
    speaker_name: 'Ana',
  },
  {
    start: 9.3,
    end: 13,
    text: 'the export button is hard to find on phones',
    speaker: 'S2',
    speaker_name: 'Speaker 2',
  },
  {
    start: 13.2,
    end: 17,
    text: 'we agreed to move the export button to the top bar',
    speaker: 'S2',
    speaker_name: 'Speaker 2',
  },
  {
    start: 17.4,
    end: 21,
    text: 'i will send the new design to the team by friday',
    speaker: 'S1',
    speaker_name: 'Ana',
  },
  { start: 21.5, end: 25, text: 'thanks everyone see you next week', speaker: 'S1', speaker_name: 'Ana' },
];

describe('the composer with speakers', () => {
  const content = composeContent({ segments: MEETING, language: 'en', content_type: 'meeting_notes' });
  if (content.metadata.content_type !== 'meeting_notes') throw new Error('not meeting notes');
  const meeting = content.metadata.meeting_data;

  it('lists the voices the user named as attendees, and never an unnamed "Speaker 2"', () => {
    expect(meeting.attendees).toContain('Ana');
    expect(meeting.attendees.join(' ')).not.toMatch(/Speaker/);
  });

  it('gives an "I will…" to the named voice that said it', () => {
    expect(meeting.action_items).toEqual([
      expect.objectContaining({ owner: 'Ana', due: 'Friday', segment_ids: [4] }),
    ]);
  });

  it('never runs one sentence from one voice into the next, and says who said each note', () => {
    const paragraphs = content.sections.flatMap((s) => s.paragraphs);
    for (const p of paragraphs) {
      const voices = new Set(p.segment_ids.map((id) => MEETING[id]?.speaker));
      if (!/^Ana: /.test(p.text)) continue;
      expect([...voices]).toEqual(['S1']);
    }
    // A greeting run into what follows is kept, not dropped with the greetings.
    expect(paragraphs.map((p) => p.text)).toContain(
      'Ana: Welcome to the weekly product meeting the beta went out on Monday and the feedback has been good.',
    );
    // An unnamed voice's words stand without a made-up name.
    expect(meeting.decisions.map((d) => d.text)).toEqual([
      'The export button is hard to find on phones we agreed to move the export button to the top bar.',
    ]);
  });
});
