import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { makeAudioFile, makeSpeechWav } from './speech-fixtures.ts';

const run = promisify(execFile);

export const EPISODE_ONE =
  'Good morning everyone. Today I want to share a few ideas about working from home.';
export const EPISODE_TWO =
  'This is a short voice note about our project meeting. Please call me if you have any questions.';

/** A small H.264/AAC MP4 carrying `wav` as its sound, made with ffmpeg. */
async function makeMp4(wav: string, dir: string): Promise<Buffer> {
  const out = path.join(dir, 'talk.mp4');
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=5', '-i', wav, '-shortest'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'mp4'],
    out,
  ]);
  return readFileSync(out);
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A web site on 127.0.0.1 serving what imports meet: speech as MP3 and WAV (flite), a small MP4,
 * a podcast RSS feed with enclosures and an Atom feed (both sent as a generic type: the content
 * decides), a feed with no media, redirects, a file announced as too large, a PDF sent as audio,
 * a body that stalls, a file that is gone once fetched, an HTML page, a page with the MP4 in a
 * <video>, and a missing file. Files are served in parts when a request asks for a range.
 */
export class MediaSite {
  url = '';
  /** Paths asked for, in order. */
  readonly hits: string[] = [];
  /** Requests in order, with the part of the file each asked for (`Range`), if any. */
  readonly requests: { url: string; range: string | null }[] = [];
  private server: Server | undefined;
  private readonly open = new Set<ServerResponse>();
  private files = new Map<string, { body: Buffer; type: string }>();

  async start(dir: string): Promise<this> {
    const mp3 = readFileSync(await makeAudioFile(EPISODE_ONE, 'mp3', dir));
    const wav = readFileSync(await makeSpeechWav(EPISODE_TWO, dir));
    const mp4 = await makeMp4(await makeSpeechWav(EPISODE_ONE, dir), dir);
    this.files = new Map([
      ['/media/morning.mp3', { body: mp3, type: 'audio/mpeg' }],
      ['/media/voice-note.wav', { body: wav, type: 'audio/wav' }],
      ['/media/talk.mp4', { body: mp4, type: 'video/mp4' }],
      // A wrong type: the bytes are a PDF whatever the header says.
      ['/media/notes.mp3', { body: Buffer.from('%PDF-1.7\n'.repeat(400)), type: 'audio/mpeg' }],
      [
        // A page with the MP4 in an HTML5 <video>, as yt-dlp's generic extractor finds it.
        '/talk-page',
        {
          body: Buffer.from(
            '<!DOCTYPE html><html><head><title>The talk</title></head><body><h1>The talk</h1><video controls src="/media/talk.mp4"></video></body></html>',
          ),
          type: 'text/html; charset=utf-8',
        },
      ],
      [
        '/page',
        {
          body: Buffer.from(
            '<!DOCTYPE html><html><head><title>A talk</title></head><body><video></video></body></html>',
          ),
          type: 'text/html',
        },
      ],
    ]);
    this.server = createServer((req, res) => {
      this.open.add(res);
      res.on('close', () => this.open.delete(res));
      // A client that stops reading (a refused import) ends the answer: not an error here.
      res.on('error', () => undefined);
      const url = req.url ?? '/';
      this.hits.push(url);
      const range = typeof req.headers.range === 'string' ? req.headers.range : null;
      this.requests.push({ url, range });
      this.answer(url, res, range);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  private answer(url: string, res: ServerResponse, range: string | null): void {
    const file = this.files.get(url);
    if (file) {
      this.send(res, file.body, file.type, range);
      return;
    }
    const port = new URL(this.url).port;
    switch (url) {
      case '/feed':
        res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(this.rss());
        return;
      case '/long-feed': {
        // A feed longer than the start an import reads to tell what a link is, served in parts.
        const padding = Array.from(
          { length: 60 },
          (_, i) =>
            `<item><title>Old episode ${i}</title><description>${'An older note. '.repeat(30)}</description></item>`,
        ).join('');
        this.send(
          res,
          Buffer.from(this.rss().replace('</channel>', `${padding}</channel>`)),
          'application/rss+xml',
          range,
        );
        return;
      }
      case '/atom':
        res.writeHead(200, { 'content-type': 'text/plain' }).end(this.atom());
        return;
      case '/empty-feed':
        res
          .writeHead(200, { 'content-type': 'application/rss+xml' })
          .end(
            '<?xml version="1.0"?><rss version="2.0"><channel><title>Nothing yet</title><item><title>Trailer</title></item></channel></rss>',
          );
        return;
      case '/go/morning':
        res.writeHead(302, { location: '/media/morning.mp3' }).end();
        return;
      case '/go/loopback':
        res.writeHead(302, { location: `http://localhost:${port}/media/morning.mp3` }).end();
        return;
      case '/go/private':
        res.writeHead(307, { location: `http://10.0.0.7:${port}/media/morning.mp3` }).end();
        return;
      case '/media/huge.mp3': {
        // Announces 200 MB; the import refuses it before reading further.
        const mp3 = this.files.get('/media/morning.mp3')?.body ?? Buffer.alloc(0);
        res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': 200 * 1024 * 1024 });
        res.write(mp3.subarray(0, 32 * 1024));
        return;
      }
      case '/media/three-mb.mp3': {
        // Announces 3 MB: within the environment's limit, over a smaller one the administrator saved.
        const mp3 = this.files.get('/media/morning.mp3')?.body ?? Buffer.alloc(0);
        res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': 3 * 1024 * 1024 });
        res.write(mp3.subarray(0, 32 * 1024));
        return;
      }
      case '/media/endless.mp3': {
        // No length given, and it never stops: the size limit ends it.
        const mp3 = this.files.get('/media/morning.mp3')?.body ?? Buffer.alloc(0);
        res.writeHead(200, { 'content-type': 'audio/mpeg' });
        const more = () => {
          if (res.destroyed) return;
          if (res.write(mp3)) setImmediate(more);
          else res.once('drain', more);
        };
        more();
        return;
      }
      case '/media/once.mp3': {
        // Answers once, then is gone (a link that expired between the check and the fetch).
        const mp3 = this.files.get('/media/morning.mp3')?.body ?? Buffer.alloc(0);
        if (this.hits.filter((h) => h === url).length > 1) res.writeHead(410).end('gone');
        else res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(mp3);
        return;
      }
      case '/media/slow.mp3': {
        // The start arrives, then nothing more: the time limit ends it.
        const mp3 = this.files.get('/media/morning.mp3')?.body ?? Buffer.alloc(0);
        res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': mp3.length });
        res.write(mp3.subarray(0, 20 * 1024));
        return;
      }
      default:
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
    }
  }

  /** A body whole, or the part `range` asks for (`bytes=0-16383`), as web servers and CDNs do. */
  private send(res: ServerResponse, body: Buffer, type: string, range: string | null): void {
    const part = range ? /^bytes=(\d+)-(\d*)$/.exec(range) : null;
    if (!part) {
      res.writeHead(200, { 'content-type': type, 'content-length': body.length }).end(body);
      return;
    }
    const start = Number(part[1]);
    const end = Math.min(part[2] ? Number(part[2]) : body.length - 1, body.length - 1);
    res
      .writeHead(206, {
        'content-type': type,
        'content-length': end - start + 1,
        'content-range': `bytes ${start}-${end}/${body.length}`,
      })
      .end(body.subarray(start, end + 1));
  }

  rss(): string {
    return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
  <channel>
    <title>Working Well &amp; Remote</title>
    <link>${this.url}/</link>
    <itunes:image href="/art.jpg"/>
    <item>
      <title>Morning ideas</title>
      <description>&lt;p&gt;Ideas about &lt;b&gt;working from home&lt;/b&gt;.&lt;/p&gt;</description>
      <pubDate>Mon, 02 Nov 2026 08:00:00 +0000</pubDate>
      <itunes:duration>00:05</itunes:duration>
      <enclosure url="${this.url}/media/morning.mp3" type="audio/mpeg" length="1"/>
    </item>
    <item>
      <title>A note about the meeting</title>
      <description><![CDATA[Finish the design by <i>Friday</i>.]]></description>
      <pubDate>Tue, 10 Nov 2026 09:30:00 +0000</pubDate>
      <itunes:duration>7</itunes:duration>
      <enclosure url="/media/voice-note.wav" type="audio/wav" length="1"/>
    </item>
    <item>
      <title>Show notes only</title>
      <pubDate>Wed, 11 Nov 2026 09:30:00 +0000</pubDate>
    </item>
    <item>
      <title>${escapeXml('Video: the talk')}</title>
      <pubDate>Sun, 01 Nov 2026 10:00:00 +0000</pubDate>
      <itunes:duration>1:02:03</itunes:duration>
      <enclosure url="${this.url}/media/talk.mp4" type="video/mp4" length="1"/>
    </item>
  </channel>
</rss>`;
  }

  atom(): string {
    return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title type="text">Field Notes</title>
  <logo>${this.url}/logo.png</logo>
  <entry>
    <title>Voice note</title>
    <updated>2026-11-05T12:00:00Z</updated>
    <summary type="html">&lt;p&gt;A short note.&lt;/p&gt;</summary>
    <link rel="alternate" href="${this.url}/notes/1"/>
    <link rel="enclosure" type="audio/wav" href="${this.url}/media/voice-note.wav"/>
  </entry>
</feed>`;
  }

  async stop(): Promise<void> {
    for (const res of this.open) res.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
