import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Speaker, Transcription } from '@voxpress/contracts';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { nameSuggestions, speakerColour } from './SpeakerLabel.tsx';
import { speakerCountOptions, speakersRequest } from './SpeakersControls.tsx';
import { hasSpeakers, speakerTurns, turnsHtml, type VoicedSegment } from './speaker-turns.ts';
import { canSplitAt, filterBySpeaker, TimedTranscript } from './TimedTranscript.tsx';
import { TranscriptText } from './TranscriptText.tsx';

const segments: VoicedSegment[] = [
  { start: 0, end: 2, text: 'Welcome to the show.', speaker: 'S1', speaker_name: 'Ana' },
  { start: 2, end: 4, text: 'Today we talk about bread.', speaker: 'S1', speaker_name: 'Ana' },
  { start: 4.5, end: 7, text: 'Thanks for having me.', speaker: 'S2', speaker_name: 'Speaker 2' },
  { start: 7, end: 9, text: 'So, where do we start?', speaker: 'S1', speaker_name: 'Ana' },
];

const speakers: Speaker[] = [
  { id: 'S1', name: 'Ana', named: true, colour: '#1c7ed6', talk_time: 6, segments: 3 },
  { id: 'S2', name: 'Speaker 2', named: false, colour: '#e8590c', talk_time: 2.5, segments: 1 },
];

function render(node: ReactNode): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider>{node}</MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('speaker turns', () => {
  it('joins consecutive segments of one voice and starts a turn at each change', () => {
    const turns = speakerTurns(segments);
    expect(turns.map((t) => [t.name, t.start, t.first, t.text])).toEqual([
      ['Ana', 0, 0, 'Welcome to the show. Today we talk about bread.'],
      ['Speaker 2', 4.5, 2, 'Thanks for having me.'],
      ['Ana', 7, 3, 'So, where do we start?'],
    ]);
  });

  it('starts the editor with a paragraph per turn, each keeping its voice', () => {
    expect(turnsHtml(segments)).toBe(
      '<p data-speaker="S1">Welcome to the show. Today we talk about bread.</p>' +
        '<p data-speaker="S2">Thanks for having me.</p><p data-speaker="S1">So, where do we start?</p>',
    );
    expect(turnsHtml([{ start: 0, end: 1, text: 'a < b & "c"', speaker: 'S1' }])).toBe(
      '<p data-speaker="S1">a &lt; b &amp; &quot;c&quot;</p>',
    );
  });

  it('knows a transcript without voices', () => {
    expect(hasSpeakers(segments)).toBe(true);
    expect(hasSpeakers([{ start: 0, end: 1, text: 'Hi', speaker: null, speaker_name: null }])).toBe(false);
    expect(hasSpeakers([{ start: 0, end: 1, text: 'Hi' }])).toBe(false);
  });

  it('keeps to one voice in the timed view, and cuts a turn only inside it', () => {
    expect(filterBySpeaker(segments, 'S1')).toEqual([0, 1, 3]);
    expect(filterBySpeaker(segments, null)).toEqual([0, 1, 2, 3]);
    expect(canSplitAt(segments[2] as VoicedSegment, 5.5)).toBe(true);
    expect(canSplitAt(segments[2] as VoicedSegment, 4.5)).toBe(false);
    expect(canSplitAt(segments[2] as VoicedSegment, 8)).toBe(false);
  });

  it('suggests the names given to other voices, and colours a voice the same everywhere', () => {
    expect(nameSuggestions(speakers, 'S2')).toEqual(['Ana']);
    expect(nameSuggestions(speakers, 'S1')).toEqual([]);
    // A voice that sounds like a remembered one is offered that name first.
    const remembered = speakers.map((s) => (s.id === 'S2' ? { ...s, suggested_name: 'Ben' } : s));
    expect(nameSuggestions(remembered, 'S2')).toEqual(['Ben', 'Ana']);
    // Then the user's other remembered voices, once each, never the voice's own name.
    expect(nameSuggestions(remembered, 'S2', ['Carla', 'Ana', 'Ben'])).toEqual(['Ben', 'Ana', 'Carla']);
    expect(nameSuggestions(speakers, 'S1', ['Ana', 'Carla'])).toEqual(['Carla']);
    expect(speakerColour(speakers, 'S2')).toBe('#e8590c');
    expect(speakerColour(speakers, 'S9')).toContain('gray');
  });

  it('offers auto, off and 2 to 10 voices, sent as the API takes them', () => {
    const options = speakerCountOptions('Auto', '1 (off)');
    expect(options.map((o) => o.value)).toEqual(['auto', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(speakersRequest('auto')).toBe('auto');
    expect(speakersRequest(null)).toBe('auto');
    expect(speakersRequest('3')).toBe(3);
  });

  it('reads as turns under each speaker’s name and colour', () => {
    const transcription = {
      text: 'x',
      html: null,
      paragraphs: [],
      segments,
    } as unknown as Transcription;
    const html = render(<TranscriptText transcription={transcription} audioId="a1" speakers={speakers} />);
    expect(html.match(/data-testid="speaker-turn"/g)).toHaveLength(3);
    expect(html).toContain('>Ana<');
    expect(html).toContain('>Speaker 2<');
    expect(html).toContain('#e8590c');
    expect(html).toContain('Welcome to the show. Today we talk about bread.');
    // Without speakers it stays paragraphs.
    const plain = render(<TranscriptText transcription={{ ...transcription, segments: [] }} />);
    expect(plain).not.toContain('speaker-turn');
  });

  it('labels each turn once in the timed view, with a way to give a turn to another voice', () => {
    const html = render(<TimedTranscript segments={segments} audioId="a1" speakers={speakers} />);
    expect(html.match(/data-testid="speaker-label"/g)).toHaveLength(3);
    expect(html.match(/aria-label="Speaker of the turn at/g)).toHaveLength(4);
    expect(html).toContain('Play from 00:00: Ana: Welcome to the show.');
  });
});
