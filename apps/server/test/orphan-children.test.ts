import { readFileSync } from 'node:fs';
import { exited } from '@voxpress/test-kit/server-process';
import { FIXTURE_PARAGRAPH, FIXTURE_PARAGRAPH_2, makeAudioFile } from '@voxpress/test-kit/speech-fixtures';
import { describe, expect, it } from 'vitest';
import { findExecutable } from '../src/engines/speech/executables.ts';
import { signUpAt, uploadAudioAt } from './http.ts';
import { cleanupAfter, serverSetup, startServer } from './process-setup.ts';
import { descendants, processState } from './processes.ts';
import { until } from './wait.ts';

/** The programs a transcription starts, as /proc names them (15 characters at most). */
const SPEECH_PROGRAMS = new Set(['pocketsphinx_co', 'ffmpeg']);

describe.runIf(process.platform === 'linux' && findExecutable('setpriv'))(
  'a server killed in the middle of a transcription',
  () => {
    const cleanups = cleanupAfter();

    it('leaves no speech program running', async () => {
      const { env, base, dataDir } = await serverSetup('pglite', cleanups, {
        SPEECH_ENGINES: 'pocketsphinx',
      });
      const text = `${FIXTURE_PARAGRAPH} ${FIXTURE_PARAGRAPH_2} ${FIXTURE_PARAGRAPH} ${FIXTURE_PARAGRAPH_2}`;
      const file = readFileSync(await makeAudioFile(text, 'wav', dataDir));
      // A loaded machine may take a while to start a server: this bounds a failure, not speed.
      const server = await startServer(env, cleanups, 180_000);
      const token = await signUpAt(base, 'orphans@example.com', 'O');
      await uploadAudioAt(base, token, { name: 'long.wav', content: file }, { language: 'en-US' });

      // Catch the speech programs at work, and freeze them there: a program left behind would
      // otherwise finish its piece and exit by itself, and the test could not tell.
      const working = await until(
        'a speech program at work under the server',
        () => {
          const found = descendants(server.pid as number).filter((p) => SPEECH_PROGRAMS.has(p.comm));
          return found.some((p) => p.comm === 'pocketsphinx_co') ? found : undefined;
        },
        { everyMs: 20 },
      );
      for (const p of working) {
        cleanups.push(() => {
          try {
            process.kill(p.pid, 'SIGKILL');
          } catch {
            // gone, as it should be
          }
        });
        try {
          process.kill(p.pid, 'SIGSTOP');
        } catch {
          // finished meanwhile
        }
      }

      server.kill('SIGKILL');
      await exited(server);
      // Dead with the server: gone, or dead and waiting to be reaped by whoever inherited them.
      const left = await until(
        'the speech programs to end',
        () => {
          const alive = working.filter((p) => !['gone', 'Z'].includes(processState(p.pid)));
          return alive.length === 0 ? alive : undefined;
        },
        { timeoutMs: 20_000 },
      ).catch(() => working.filter((p) => !['gone', 'Z'].includes(processState(p.pid))));
      expect(left).toEqual([]);
    }, 300_000);
  },
);
