import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One email as the fake mail server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and body), quoted-printable soft breaks and escapes undone. */
  text: string;
}

/**
 * A local SMTP server on 127.0.0.1 standing in for a mail provider in tests: it accepts every
 * message (no TLS, no login) and keeps it. `SMTP_URL` points the server under test at `url`.
 */
export class TestSmtpServer {
  readonly mails: ReceivedMail[] = [];
  private readonly waiters: Array<() => void> = [];
  private server: SMTPServer | undefined;
  url = '';

  async start(): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          this.mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            text: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
          });
          for (const wake of this.waiters.splice(0)) wake();
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as AddressInfo;
    this.url = `smtp://127.0.0.1:${port}`;
    return this;
  }

  /** The next mail to `to` (waiting for it up to `timeoutMs`). */
  async mailTo(to: string, after = 0, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.mails.slice(after).find((m) => m.to.includes(to));
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

/** The reset token in a mail's link (`…/reset-password#token=…`). */
export function resetTokenIn(mail: ReceivedMail): string {
  const match = /reset-password#token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`No reset link in:\n${mail.text}`);
  return match[1];
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
