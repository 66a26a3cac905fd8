import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import {
  Agent,
  type Dispatcher,
  fetch,
  Headers,
  type HeadersInit,
  type RequestInit,
  type Response,
} from 'undici';
import { forbiddenReason } from './address-policy.ts';

/** A request was refused before it left: the address is this machine's or a private network's. */
export class ForbiddenDestinationError extends Error {
  override name = 'ForbiddenDestinationError';
  constructor(
    readonly host: string,
    readonly reason: string,
  ) {
    super(`${host} is a ${reason} address, which publishing and webhooks may not reach`);
  }
}

/** The request could not be made: name not found, connection refused, timed out, bad redirect. */
export class OutboundRequestError extends Error {
  override name = 'OutboundRequestError';
  constructor(
    message: string,
    readonly kind: 'dns' | 'connect' | 'timeout' | 'redirect' | 'too_large',
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface GuardedFetchOptions {
  /** `ALLOW_PRIVATE_ADDRESSES=true`: the administrator lets requests reach private addresses. */
  allowPrivate: boolean;
  /** Most redirects followed (each one checked like the first request). Default 5. */
  maxRedirects?: number;
  /** Per request, including reading the answer. Default 30 s. */
  timeoutMs?: number;
  /** Resolves host names (tests pass their own). Default: the system resolver. */
  lookup?: typeof dnsLookup;
  /** Why an address is refused, or null (see `address-policy.ts`). Default: `forbiddenReason`. */
  policy?: (address: string) => string | null;
}

export type GuardedInit = Omit<RequestInit, 'redirect' | 'dispatcher'> & { timeoutMs?: number };

/**
 * `fetch` for requests whose address a user chose. The host name is resolved first and every
 * address it resolves to is checked; the connection then goes to the checked address itself (a
 * custom `lookup` on the connection), so a name cannot resolve to a public address for the check
 * and a private one for the connection. Literal IP addresses are checked the same way, and every
 * redirect is followed by hand and checked again; credentials are not sent on to another origin.
 */
export class GuardedFetch {
  private readonly agent: Agent;

  private readonly policy: (address: string) => string | null;

  constructor(private readonly options: GuardedFetchOptions) {
    this.policy = options.policy ?? forbiddenReason;
    const resolve = options.lookup ?? dnsLookup;
    this.agent = new Agent({
      connect: {
        lookup: (hostname, opts, callback) => {
          resolve(hostname, { ...opts, all: true }, (err, found) => {
            if (err) return callback(err, '', 0);
            const addresses = found as unknown as LookupAddress[];
            const refused = this.refusal(hostname, addresses);
            if (refused) return callback(refused, '', 0);
            if ((opts as { all?: boolean }).all) return (callback as AllCallback)(null, addresses);
            const [first] = addresses;
            if (!first) return callback(new Error(`${hostname} has no address`), '', 0);
            callback(null, first.address, first.family);
          });
        },
      },
    });
  }

  /** Whether requests may reach private addresses. */
  get allowPrivate(): boolean {
    return this.options.allowPrivate;
  }

  /** Throws `ForbiddenDestinationError` when `url` may not be reached (before any DNS lookup). */
  checkUrl(url: string): URL {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new OutboundRequestError(`${url} is not a web address`, 'connect');
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw new OutboundRequestError(`Only http and https addresses can be reached, not ${url}`, 'connect');
    if (parsed.username || parsed.password)
      throw new OutboundRequestError('Addresses with a user name or password in them are refused', 'connect');
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !this.options.allowPrivate) {
      const reason = this.policy(host);
      if (reason) throw new ForbiddenDestinationError(parsed.hostname, reason);
    }
    return parsed;
  }

  /**
   * `checkUrl`, and the host name resolved now and each of its addresses checked: what a request
   * made later would meet, so an address that will be refused (`localhost`, a name on the private
   * network) is refused when it is saved, not at every delivery. A name that does not resolve
   * (yet) is not refused here; requests to it still are checked when they are made.
   */
  async checkResolved(url: string): Promise<URL> {
    const parsed = this.checkUrl(url);
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    if (this.options.allowPrivate || isIP(host)) return parsed;
    const resolve = this.options.lookup ?? dnsLookup;
    const addresses = await new Promise<LookupAddress[]>((done) =>
      resolve(host, { all: true }, (err, found) => done(err ? [] : (found as unknown as LookupAddress[]))),
    );
    const refused = this.refusal(host, addresses);
    if (refused) throw refused;
    return parsed;
  }

  /**
   * The addresses a request to `hostname` may connect to: the name resolved (literal addresses
   * taken as they are) and every address checked, as the guarded client's own connections are.
   * Throws `ForbiddenDestinationError` for a refused address and `OutboundRequestError` ('dns')
   * for a name that does not resolve. For connections this client does not make itself (the
   * proxy that yt-dlp's requests go through), which then connect to one of the addresses returned.
   */
  async resolveAllowed(hostname: string): Promise<LookupAddress[]> {
    const host = hostname.replace(/^\[|\]$/g, '');
    const family = isIP(host);
    if (family) {
      // A literal address is refused under its own name, as `checkUrl` does.
      const reason = this.options.allowPrivate ? null : this.policy(host);
      if (reason) throw new ForbiddenDestinationError(hostname, reason);
      return [{ address: host, family }];
    }
    const addresses = await new Promise<LookupAddress[]>((done, fail) =>
      (this.options.lookup ?? dnsLookup)(host, { all: true }, (err, found) => {
        const list = found as unknown as LookupAddress[] | undefined;
        if (err || !list?.length)
          return fail(new OutboundRequestError(`${host} was not found`, 'dns', { cause: err }));
        done(list);
      }),
    );
    const refused = this.refusal(host, addresses);
    if (refused) throw refused;
    return addresses;
  }

  async fetch(url: string, init: GuardedInit = {}): Promise<Response> {
    const { timeoutMs = this.options.timeoutMs ?? 30_000, ...rest } = init;
    const signal = rest.signal
      ? AbortSignal.any([rest.signal as AbortSignal, AbortSignal.timeout(timeoutMs)])
      : AbortSignal.timeout(timeoutMs);
    let current = this.checkUrl(url);
    let request: RequestInit = { ...rest, signal };
    for (let hop = 0; ; hop++) {
      const response = await this.once(current, request);
      const location = response.headers.get('location');
      if (![301, 302, 303, 307, 308].includes(response.status) || !location) return response;
      await response.body?.cancel();
      if (hop >= (this.options.maxRedirects ?? 5))
        throw new OutboundRequestError(`Too many redirects from ${url}`, 'redirect');
      const next = this.checkUrl(new URL(location, current).toString());
      request = redirected(request, response.status, next.origin !== current.origin);
      current = next;
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  private async once(url: URL, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, redirect: 'manual', dispatcher: this.agent as Dispatcher });
    } catch (err) {
      throw outboundError(err, url);
    }
  }

  private refusal(hostname: string, addresses: readonly LookupAddress[]): Error | null {
    if (this.options.allowPrivate) return null;
    for (const { address } of addresses) {
      const reason = this.policy(address);
      if (reason) return new ForbiddenDestinationError(`${hostname} (${address})`, reason);
    }
    return null;
  }
}

type AllCallback = (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void;

/** The request for the next hop: 303 (and 301/302 after a POST) turn into a GET without a body. */
function redirected(init: RequestInit, status: number, crossOrigin: boolean): RequestInit {
  const headers = new Headers(init.headers as HeadersInit | undefined);
  if (crossOrigin) {
    headers.delete('authorization');
    headers.delete('cookie');
    // Anthropic's key travels in its own header.
    headers.delete('x-api-key');
  }
  const method = (init.method ?? 'GET').toUpperCase();
  if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
    headers.delete('content-type');
    headers.delete('content-length');
    const { body: _body, ...rest } = init;
    return { ...rest, method: 'GET', headers };
  }
  return { ...init, headers };
}

/** The reason behind undici's "fetch failed": the guard's refusal, or what went wrong on the way. */
function outboundError(err: unknown, url: URL): Error {
  const causes: unknown[] = [];
  for (let e: unknown = err; e && causes.length < 5; e = (e as { cause?: unknown }).cause) causes.push(e);
  const forbidden = causes.find((c) => c instanceof ForbiddenDestinationError);
  if (forbidden) return forbidden as ForbiddenDestinationError;
  const names = causes.map((c) => (c as { name?: string }).name);
  const codes = causes.map((c) => (c as { code?: string }).code);
  if (
    names.includes('TimeoutError') ||
    names.includes('AbortError') ||
    codes.includes('UND_ERR_CONNECT_TIMEOUT')
  )
    return new OutboundRequestError(`${url.host} did not answer in time`, 'timeout', { cause: err });
  if (codes.includes('ENOTFOUND') || codes.includes('EAI_AGAIN'))
    return new OutboundRequestError(`${url.hostname} was not found`, 'dns', { cause: err });
  return new OutboundRequestError(`${url.host} could not be reached`, 'connect', { cause: err });
}

/** Reads a response body as text, refusing one longer than `maxBytes`. */
export async function readLimited(response: Response, maxBytes = 5 * 1024 * 1024): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new OutboundRequestError(`The answer is larger than ${maxBytes} bytes`, 'too_large');
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (!response.body) return '';
  for await (const chunk of response.body) {
    total += chunk.byteLength;
    if (total > maxBytes)
      throw new OutboundRequestError(`The answer is larger than ${maxBytes} bytes`, 'too_large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
