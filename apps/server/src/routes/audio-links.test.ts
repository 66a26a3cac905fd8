import { readFileSync } from 'node:fs';
import { makeAudioFile } from '@voxpress/test-kit/speech-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { postAudioFile, signUp } from '../../test/http.ts';

describe('links for playback and the status stream', () => {
  let t: TestContext;
  let token: string;
  let id: string;
  let size: number;
  beforeAll(async () => {
    t = await createTestContext('pglite', { startWorkers: false });
    token = await signUp(t.app, 'links-owner@example.com');
    const wav = readFileSync(await makeAudioFile('A short note for the player.', 'wav', t.dataDir));
    size = wav.length;
    id = (await postAudioFile(t.app, token, { name: 'note.wav', content: wav })).json().data.audio_id;
  });
  afterAll(() => t?.close());

  const links = async (bearer = token) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/${id}/links`,
      headers: { authorization: `Bearer ${bearer}` },
    });

  it('carry a ticket for their own address, never the access token', async () => {
    const res = await links();
    expect(res.statusCode).toBe(200);
    const body = res.json() as { download_url: string; status_url: string; expires_in: number };
    expect(body.expires_in).toBe(900);
    expect(body.download_url).toMatch(new RegExp(`^/api/v1/audio/${id}/download\\?ticket=`));
    expect(body.status_url).toMatch(new RegExp(`^/api/v1/audio/${id}/status\\?ticket=`));
    expect(body.download_url).not.toContain(token);

    const played = await t.app.inject({
      method: 'GET',
      url: body.download_url,
      headers: { range: 'bytes=0-99' },
    });
    expect(played.statusCode).toBe(206);
    expect(played.headers['content-range']).toBe(`bytes 0-99/${size}`);
  });

  it('open nothing else: not the other address, not the API, not another item', async () => {
    const { download_url, status_url } = (await links()).json() as {
      download_url: string;
      status_url: string;
    };
    const downloadTicket = new URL(download_url, 'http://x').searchParams.get('ticket') as string;
    const statusTicket = new URL(status_url, 'http://x').searchParams.get('ticket') as string;

    const wrongAddress = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/${id}/download?ticket=${statusTicket}`,
    });
    expect(wrongAddress.statusCode).toBe(401);
    expect(wrongAddress.json()).toMatchObject({ code: 'invalid_token' });

    const asBearer = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/${id}`,
      headers: { authorization: `Bearer ${downloadTicket}` },
    });
    expect(asBearer.statusCode).toBe(401);

    const asToken = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/${id}/status?token=${downloadTicket}`,
    });
    expect(asToken.statusCode).toBe(401);

    const other = await signUp(t.app, 'links-other@example.com');
    expect((await links(other)).statusCode).toBe(404);
  });

  it('stop working when they expire, and say so', async () => {
    const user = await t.ctx.accessTokens.verify(token);
    const path = `/api/v1/audio/${id}/download`;
    const expired = await t.ctx.accessTokens.signLink(user, path, -10);
    const res = await t.app.inject({ method: 'GET', url: `${path}?ticket=${expired}` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'token_expired' });
  });

  it('still take the access token as ?token=, as the spec says', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audio/${id}/download?token=${token}`,
      headers: { range: 'bytes=0-9' },
    });
    expect(res.statusCode).toBe(206);
  });

  it('stop working when the session that made them signs out; another session’s go on', async () => {
    const login = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({
            username: 'links-owner@example.com',
            password: 'correct horse battery',
          }).toString(),
        })
      ).json() as { access_token: string; refresh_token: string };
    const phone = await login();
    const laptop = await login();
    const phoneLinks = (await links(phone.access_token)).json() as {
      download_url: string;
      status_url: string;
    };
    const laptopLinks = (await links(laptop.access_token)).json() as { download_url: string };
    const play = (url: string) => t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9' } });
    // Played once, the session's answer is cached in this process: signing out must still count at once.
    expect((await play(phoneLinks.download_url)).statusCode).toBe(206);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { refresh_token: phone.refresh_token },
    });
    expect(out.statusCode).toBe(200);
    const after = await play(phoneLinks.download_url);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'invalid_token', detail: 'Session has ended' });
    expect((await t.app.inject({ method: 'GET', url: phoneLinks.status_url })).statusCode).toBe(401);
    expect((await play(laptopLinks.download_url)).statusCode).toBe(206);
  });
});
