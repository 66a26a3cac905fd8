import { describe, expect, it } from 'vitest';
import { initialTitle, titleFromFileName, titleFromTranscript } from './audio-mapper.ts';

describe('default titles', () => {
  it('names an upload after its file: no extension, underscores and dashes as spaces', () => {
    expect(titleFromFileName('team_meeting-notes_2024.mp3')).toBe('team meeting notes 2024');
    expect(titleFromFileName('  Interview with Ana.final.m4a')).toBe('Interview with Ana final');
    expect(titleFromFileName('C:\\Users\\me\\Podcast episode 12.wav')).toBe('Podcast episode 12');
    expect(titleFromFileName('___.webm')).toBe('');
    expect(titleFromFileName(null)).toBe('');
    const long = titleFromFileName(`${'word '.repeat(40).trim().replaceAll(' ', '_')}.mp3`);
    expect(long.length).toBeLessThanOrEqual(81);
    expect(long).toMatch(/^word( word)+…$/);
  });

  it('takes a transcript’s first words, cut at a word boundary with an ellipsis only when cut', () => {
    expect(titleFromTranscript('Good morning everyone. Today I want to share a few ideas.')).toBe(
      'Good morning everyone. Today I want to share…',
    );
    expect(titleFromTranscript('Call the plumber tomorrow.')).toBe('Call the plumber tomorrow');
    expect(titleFromTranscript('One two three four five six seven, eight nine')).toBe(
      'One two three four five six seven, eight…',
    );
    expect(titleFromTranscript('  ')).toBe('');
    const endless = titleFromTranscript(`${'Pneumonoultramicroscopicsilicovolcanoconiosis '.repeat(9)}`);
    expect(endless.length).toBeLessThanOrEqual(81);
    expect(endless.endsWith('…')).toBe(true);
  });

  it('keeps the user’s title; only a recording or a nameless upload gets a provisional one', () => {
    expect(initialTitle(' My note ', 'recording', 'recording.webm')).toEqual({
      title: 'My note',
      titleProvisional: false,
    });
    expect(initialTitle(undefined, 'upload', 'weekly_update.mp3')).toEqual({
      title: 'weekly update',
      titleProvisional: false,
    });
    expect(initialTitle('', 'recording', 'recording.webm')).toMatchObject({
      title: expect.stringMatching(/^Voice Recording \d{4}-\d\d-\d\d \d\d:\d\d$/),
      titleProvisional: true,
    });
    expect(initialTitle(undefined, 'upload', '---.mp3')).toMatchObject({
      title: expect.stringMatching(/^Audio Upload /),
      titleProvisional: true,
    });
  });
});
