/**
 * Keeps a test process off the network beyond this machine: a TCP or TLS connection to an address
 * outside loopback, a DNS lookup of a name other than `localhost`, or a DNS query sent to a server
 * outside loopback fails as a refused connection would, with an error that names the destination,
 * and is recorded so the test that made it fails too (see `no-outbound-network.ts`). Unix sockets,
 * 127.0.0.0/8, ::1 and `localhost` stay open. Connections made through a custom `lookup` (the SSRF
 * guard's pinned resolution, a test's injected resolver) are checked at the address it resolves to.
 *
 * Plain Node with erasable types only, so a child process can load it too (see
 * `outboundGuardNodeOptions` and `outbound-guard-preload.ts`).
 */
import dns from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const STATE = Symbol.for('voxpress.test.outbound-guard');

interface GuardState {
  attempts: string[];
  /** Each refusal also written to stderr (a child process, where no test collects them). */
  loud: boolean;
}

type Callback = (...args: unknown[]) => void;

/** The attempts recorded since the last call, and the record cleared. */
export function takeOutboundAttempts(): string[] {
  const state = (globalThis as Record<symbol, GuardState | undefined>)[STATE];
  if (!state) return [];
  return state.attempts.splice(0);
}

/** Whether `address` (an IP literal) stays on this machine. */
export function isLocalAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const kind = net.isIP(ip);
  if (kind === 4) return ip.startsWith('127.') || ip === '0.0.0.0';
  if (kind === 6) {
    const lower = ip.toLowerCase();
    if (lower === '::1' || lower === '::' || lower === '0:0:0:0:0:0:0:1') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
    return mapped ? isLocalAddress(mapped[1] as string) : false;
  }
  return false;
}

/** Whether a host name or address may be looked up or connected to without leaving the machine. */
function isLocalHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost') || isLocalAddress(name);
}

function refusal(what: string): Error {
  const message = `Tests may not reach the network: ${what} was refused (only loopback and unix sockets are allowed; inject a resolver or start a local fake server)`;
  const state = (globalThis as Record<symbol, GuardState | undefined>)[STATE];
  state?.attempts.push(message);
  if (state?.loud) process.stderr.write(`${message}\n`);
  return Object.assign(new Error(message), { code: 'ECONNREFUSED' });
}

/** A `lookup` that passes on only local addresses. */
function checkedLookup(lookup: Callback, port: unknown): Callback {
  return function guardedLookup(this: unknown, hostname: unknown, options: unknown, callback: unknown) {
    const done = (typeof options === 'function' ? options : callback) as Callback;
    const checked = (err: unknown, address: unknown, family: unknown) => {
      if (err) return done(err, address, family);
      const list = Array.isArray(address)
        ? (address as { address: string }[]).map((a) => a.address)
        : [address];
      const remote = list.find((a) => typeof a !== 'string' || !isLocalAddress(a));
      if (remote !== undefined)
        return done(
          refusal(`a connection to ${String(hostname)} (${String(remote)}) port ${String(port)}`),
          '',
          0,
        );
      done(null, address, family);
    };
    return typeof options === 'function'
      ? lookup.call(this, hostname, checked)
      : lookup.call(this, hostname, options, checked);
  };
}

function installConnectGuard(): void {
  const original = net.Socket.prototype.connect as unknown as (...args: unknown[]) => net.Socket;
  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    // `net.connect` passes its normalized arguments as one array; a socket's own `connect` takes
    // (options[, cb]), (port[, host][, cb]) or (path[, cb]).
    const normalized = Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
    const first = normalized[0];
    let options: { path?: unknown; host?: unknown; port?: unknown; lookup?: unknown };
    if (first !== null && typeof first === 'object') options = first as typeof options;
    else if (typeof first === 'string' && !/^\d+$/.test(first)) options = { path: first };
    else options = { port: first, host: typeof normalized[1] === 'string' ? normalized[1] : undefined };
    if (options.path !== undefined && options.path !== null) return original.apply(this, args);
    const host = typeof options.host === 'string' && options.host !== '' ? options.host : 'localhost';
    if (net.isIP(host.replace(/^\[|\]$/g, ''))) {
      if (isLocalAddress(host)) return original.apply(this, args);
      const error = refusal(`a connection to ${host} port ${String(options.port)}`);
      process.nextTick(() => this.destroy(error));
      return this;
    }
    if (typeof options.lookup === 'function' && first !== null && typeof first === 'object') {
      const replaced = { ...options, lookup: checkedLookup(options.lookup as Callback, options.port) };
      if (Array.isArray(args[0])) {
        // A copy that keeps the array's marker (a symbol-keyed property) that it is normalized.
        const copy: unknown[] = Object.assign([], args[0]);
        copy[0] = replaced;
        return original.call(this, copy, ...args.slice(1));
      }
      return original.call(this, replaced, ...args.slice(1));
    }
    // Without a lookup of its own the name goes through `dns.lookup`, guarded below.
    return original.apply(this, args);
  } as typeof net.Socket.prototype.connect;
}

function installDnsGuard(): void {
  const lookup = dns.lookup as unknown as Callback;
  const guardedLookup = function (this: unknown, hostname: unknown, options: unknown, callback: unknown) {
    if (typeof hostname === 'string' && !isLocalHost(hostname)) {
      const done = (typeof options === 'function' ? options : callback) as Callback;
      const error = Object.assign(refusal(`a DNS lookup of ${hostname}`), { code: 'ENOTFOUND', hostname });
      process.nextTick(() => done(error));
      return {};
    }
    return lookup.apply(this, [hostname, options, callback].slice(0, typeof options === 'function' ? 2 : 3));
  };
  const promisedLookup = dns.promises.lookup as unknown as (...args: unknown[]) => Promise<unknown>;
  const guardedPromisedLookup = (hostname: unknown, ...rest: unknown[]) =>
    typeof hostname === 'string' && !isLocalHost(hostname)
      ? Promise.reject(Object.assign(refusal(`a DNS lookup of ${hostname}`), { code: 'ENOTFOUND', hostname }))
      : promisedLookup(hostname, ...rest);
  Object.defineProperty(guardedLookup, promisify.custom, { value: guardedPromisedLookup });
  (dns as { lookup: unknown }).lookup = guardedLookup;
  (dns.promises as { lookup: unknown }).lookup = guardedPromisedLookup;

  // Queries (resolve4, resolveMx, reverse, ...) go straight to the configured DNS servers.
  const queries = Object.keys(dns).filter((key) => key === 'reverse' || /^resolve/.test(key));
  const guardQueries = (target: Record<string, unknown>, servers: (self: unknown) => string[]) => {
    for (const key of queries) {
      const query = target[key];
      if (typeof query !== 'function') continue;
      target[key] = function (this: unknown, ...args: unknown[]) {
        // A reverse lookup of a loopback address (an SMTP client naming itself to a local fake
        // server) reveals nothing and is answered the same anywhere; it stays allowed.
        if (key === 'reverse' && typeof args[0] === 'string' && isLocalAddress(args[0]))
          return query.apply(this, args);
        const remote = servers(this).find((server) => !isLocalAddress(server.replace(/:\d+$/, '')));
        if (remote === undefined) return query.apply(this, args);
        const error = refusal(`a DNS query (${key} ${String(args[0])}) to ${remote}`);
        const done = args.findLast((a) => typeof a === 'function') as Callback | undefined;
        if (done) {
          process.nextTick(() => done(error));
          return undefined;
        }
        return Promise.reject(error);
      };
    }
  };
  guardQueries(dns as unknown as Record<string, unknown>, () => dns.getServers());
  guardQueries(dns.promises as unknown as Record<string, unknown>, () => dns.getServers());
  guardQueries(dns.Resolver.prototype as unknown as Record<string, unknown>, (self) =>
    (self as dns.Resolver).getServers(),
  );
  guardQueries(dns.promises.Resolver.prototype as unknown as Record<string, unknown>, (self) =>
    (self as dns.promises.Resolver).getServers(),
  );
  syncBuiltinESMExports();
}

/** Installs the guard in this process (once). */
export function installOutboundGuard(options: { loud?: boolean } = {}): void {
  const holder = globalThis as Record<symbol, GuardState | undefined>;
  if (holder[STATE]) return;
  holder[STATE] = { attempts: [], loud: options.loud ?? false };
  installConnectGuard();
  installDnsGuard();
}

/** `NODE_OPTIONS` with the guard preloaded, for the Node processes a test starts. */
export function outboundGuardNodeOptions(current: string | undefined): string {
  const flag = `--import=${fileURLToPath(new URL('./outbound-guard-preload.ts', import.meta.url))}`;
  return current?.includes(flag) ? current : [current, flag].filter(Boolean).join(' ');
}
