import { readFileSync } from 'node:fs';
import { FIXTURE_PARAGRAPH, makeAudioFile } from '@voxpress/test-kit/speech-fixtures';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/harness.ts';
import { postAudioFile, signUp } from '../../test/http.ts';

describe('shutting down with status streams open', () => {
  it('ends each stream with a reconnect hint instead of waiting for the browser to leave', async () => {
    // No workers: the item stays queued, so its stream would stay open for as long as the client.
    const t = await createTestContext('pglite', { startWorkers: false });
    try {
      const token = await signUp(t.app, 'streams@example.com');
      const wav = readFileSync(await makeAudioFile(FIXTURE_PARAGRAPH, 'wav', t.dataDir));
      const upload = await postAudioFile(t.app, token, { name: 'talk.wav', content: wav });
      const id = upload.json().data.audio_id as string;
      const address = await t.app.listen({ host: '127.0.0.1', port: 0 });

      const response = await fetch(`${address}/api/v1/audio/${id}/status`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let text = '';
      while (!text.includes('data:')) text += decoder.decode((await reader.read()).value);
      expect(text).toContain('"transcription_status":"queued"');

      await t.app.close();

      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
      expect(text.trimEnd().endsWith('retry: 1000')).toBe(true);
    } finally {
      await t.close();
    }
  });
});
