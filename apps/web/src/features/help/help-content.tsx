import { Code, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export const FAQ: ReadonlyArray<{ q: string; a: ReactNode }> = [
  {
    q: 'How do I record?',
    a: (
      <Text size="sm">
        Sign in, open Audio Workflow from the menu and choose Start new recording. Your browser asks for the
        microphone once. Pick the language you will speak, press Record, and pause or stop when you like (at
        most 5 minutes or 50 MB). Listen back, then choose Use Recording: it is uploaded and transcribed right
        away. A recording whose upload failed stays in this browser until you upload or discard it.
      </Text>
    ),
  },
  {
    q: 'How do I upload a file?',
    a: (
      <Text size="sm">
        Sign in, open Audio Workflow and choose Import file, then pick or drop one MP3, WAV, M4A or OGG file
        of up to 100 MB (WEBM works too). The server checks that the file really is audio before it keeps it,
        and transcription starts as soon as the upload is done. Each account has a storage allowance (10 GB
        unless your administrator changed it), shown under Storage used on the dashboard; deleting recordings
        frees space.
      </Text>
    ),
  },
  {
    q: 'Which speech engines will transcribe my audio?',
    a: (
      <Text size="sm">
        whisper.cpp running inside the server (models are downloaded once with{' '}
        <Code>npm run models -- pull &lt;name&gt;</Code>), CMU PocketSphinx for offline English, or any
        OpenAI-compatible transcription server you configure. The first one that is configured and healthy is
        used; the list below shows what this server has.
      </Text>
    ),
  },
  {
    q: 'Can I follow and edit the transcript?',
    a: (
      <Text size="sm">
        Yes. The workflow page shows real progress while the speech engine works, also after a reload, and the
        transcript when it is done. Choose Edit to change it in a rich-text editor; it saves by itself two
        seconds after you stop typing. The engine’s original is always kept. Switch to Timed to see the
        engine’s sentences with their times: choosing one plays the recording from there, and the sentence
        playing is marked. Picked the wrong language? Transcribe again (the circular arrow) lets you choose
        another. Export it as text, or as SRT or VTT subtitles with the engine’s timing. Every recording is
        listed on the dashboard and under View all.
      </Text>
    ),
  },
  {
    q: 'How do I find an old recording?',
    a: (
      <Text size="sm">
        Open View all from the dashboard and type in the search box: it finds every word you type in titles,
        descriptions and transcripts (your edited version where there is one), in any case. The status filter
        narrows the list further, and the address keeps your search so you can bookmark it.
      </Text>
    ),
  },
  {
    q: 'Does my audio leave my server?',
    a: (
      <Text size="sm">
        Not with the local engines. Only if an administrator configures an outside service (for example an
        OpenAI-compatible API) is audio or text sent there.
      </Text>
    ),
  },
  {
    q: 'I forgot my password. What now?',
    a: (
      <Text size="sm">
        Password reset by email is not available yet. The administrator of your server can help, or you can
        create a new account.
      </Text>
    ),
  },
  {
    q: 'Why was I asked to sign in again?',
    a: (
      <Text size="sm">
        Sessions renew themselves while you use the app. If the renewal fails (for example after signing out
        on another device), you are sent to the sign-in screen.
      </Text>
    ),
  },
];
