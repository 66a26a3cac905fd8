import nodemailer, { type Transporter } from 'nodemailer';

/** One email. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends email. The SMTP implementation is the one that ships; tests speak to a local SMTP server. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** Email through an SMTP server (`SMTP_URL`), with nodemailer. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    // A mail server that does not answer must not hold a request (or a job) for minutes.
    this.transport = nodemailer.createTransport(url, {
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    } as Parameters<typeof nodemailer.createTransport>[1]);
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }

  close(): void {
    this.transport.close();
  }
}
