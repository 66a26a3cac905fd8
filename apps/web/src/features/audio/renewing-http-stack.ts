import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';

/** The session, as the resumable upload's requests need it. */
export interface SessionDeps {
  accessToken(): string | null;
  /** Renews the tokens once; false when the session cannot be renewed. */
  refresh(): Promise<boolean>;
  /** Drops the session and heads for /login, as every other call does after a failed refresh. */
  endSession(): void;
}

/**
 * The requests of a resumable upload, each with the bearer token and, like every other call of the
 * app, one renewal of the session and one resend after a 401. A large file can take longer than an
 * access token lives (15 minutes); without this, tus would take the 401 for a lost upload: a
 * piece would fail for good, and a check of where an upload stands (after a reload or a dropped
 * connection) would throw the server's bytes away and start the file over.
 */
export function renewingHttpStack(inner: HttpStack, session: SessionDeps): HttpStack {
  return {
    getName: () => inner.getName(),
    createRequest: (method, url) => new RenewingRequest(inner, session, method, url),
  };
}

class RenewingRequest implements HttpRequest {
  private readonly headers = new Map<string, string>();
  private progress: ((bytesSent: number) => void) | null = null;
  private current: HttpRequest | null = null;
  private aborted = false;

  constructor(
    private readonly inner: HttpStack,
    private readonly session: SessionDeps,
    private readonly method: string,
    private readonly url: string,
  ) {}

  getMethod = () => this.method;
  getURL = () => this.url;
  setHeader(header: string, value: string): void {
    this.headers.set(header, value);
  }
  getHeader = (header: string) => this.headers.get(header);
  setProgressHandler(handler: (bytesSent: number) => void): void {
    this.progress = handler;
  }

  async send(body: unknown): Promise<HttpResponse> {
    const token = this.session.accessToken();
    const first = await this.sendWith(token, body);
    if (first.getStatus() !== 401 || this.aborted) return first;
    // Another request may have renewed the session while this one was on its way.
    const now = this.session.accessToken();
    const renewed = (now !== null && now !== token) || (await this.session.refresh());
    if (!renewed) {
      this.session.endSession();
      return first;
    }
    if (this.aborted) return first;
    return this.sendWith(this.session.accessToken(), body);
  }

  async abort(): Promise<void> {
    this.aborted = true;
    await this.current?.abort();
  }

  getUnderlyingObject(): unknown {
    return this.current?.getUnderlyingObject();
  }

  private sendWith(token: string | null, body: unknown): Promise<HttpResponse> {
    const request = this.inner.createRequest(this.method, this.url);
    for (const [header, value] of this.headers) request.setHeader(header, value);
    if (token) request.setHeader('Authorization', `Bearer ${token}`);
    const { progress } = this;
    if (progress) request.setProgressHandler(progress);
    this.current = request;
    return request.send(body);
  }
}
