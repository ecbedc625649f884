import { createHash } from 'node:crypto';
import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http';
import dns from 'node:dns/promises';
import { isIP, type Socket } from 'node:net';
import { GUEST_COOKIE, LIVE_BODY_MAX_BYTES, SESSION_COOKIE, socketMessages } from '@findclips/contracts';
import { LIVE_INSTANCE_TAG_HEADER, liveInstanceTag, signedClientAddress } from '@findclips/runtime';
import { parse as parseCookies } from 'cookie';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from 'pino';

/**
 * How often each realtime instance's GET /healthz is asked (with more than one), and how long it
 * may take: one that does not answer in time (stopped, or hung, which refuses nothing) is passed
 * over until it answers again.
 */
const PROBE_INTERVAL_MS = 2_000;
const PROBE_TIMEOUT_MS = 1_500;
/**
 * Probes in a row an instance may miss before its clients' connections are dropped, so that they
 * reconnect to another at once: a stopped or hung instance refuses nothing, and they would wait out
 * Socket.IO's ping timeout (45 s) with no event. One miss only passes it over for new connections.
 */
const PROBES_MISSED_TO_DROP = 2;

/** How long one DNS question about the instances may take (tried twice), so probes never wait on it long. */
const RESOLVE_TIMEOUT_MS = 1_000;

/** Whether a configured URL names its host (a name DNS may answer with several addresses). */
const namesHost = (url: string) => {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && isIP(hostname) === 0 && !hostname.startsWith('[');
};

/**
 * Picks the realtime instance of each client. Socket.IO's long-polling needs every request of one
 * connection to reach the instance that made it: a request of a connection goes where the
 * connection's id says it lives (`homeOf`); a new one is placed by its session cookie, else its
 * guest cookie, else its address, with rendezvous hashing: each gateway computes the same choice
 * with no shared state, and when an instance is down only its clients move, to the next in their
 * ranking.
 *
 * A configured URL whose host is a name stands for every IPv4 address it has, asked again at each
 * probe: Docker's name of a service run with `--scale realtime=3`, or a Kubernetes headless
 * Service, gives one address per instance, and an instance added or gone moves only the clients
 * that must move. The name is asked of DNS (1 s, twice), else of the system as it connects
 * (/etc/hosts, search domains); one that stops answering keeps its last addresses, and one never
 * answered stands for itself.
 */
export class RealtimeInstances {
  private readonly down = new Set<string>();
  private readonly missed = new Map<string, number>();
  private readonly dropped = new Set<string>();
  private readonly resolved = new Map<string, string[]>();
  private readonly tags = new Map<string, string>();
  private readonly resolver = new dns.Resolver({ timeout: RESOLVE_TIMEOUT_MS, tries: 2 });
  private current: readonly [string, ...string[]];
  /** Settles once the configured names have first been asked (at once when nothing is watched). */
  firstResolved: Promise<unknown> = Promise.resolve();

  /**
   * `lost` is told of an instance once it has missed PROBES_MISSED_TO_DROP probes in a row while
   * another answered (with none answering, the only one or the gateway itself stalled, there is
   * nowhere better for its clients to go).
   */
  constructor(
    readonly configured: readonly [string, ...string[]],
    private readonly lost: (target: string) => void = () => undefined,
    /** The secret each instance's tag is made with (`liveInstanceTag`); none: no tags. */
    private readonly secret?: string,
  ) {
    this.current = configured;
    // The process's servers (a new resolver would read the system's again, over any set since).
    this.resolver.setServers(dns.getServers());
  }

  static clientKey(req: IncomingMessage): string {
    const cookies = parseCookies(req.headers.cookie ?? '');
    const session = cookies[SESSION_COOKIE];
    if (session) return `s:${session}`;
    const guest = cookies[GUEST_COOKIE];
    if (guest) return `g:${guest}`;
    return `a:${req.socket.remoteAddress ?? ''}`;
  }

  /** The instances as last resolved. */
  get targets(): readonly [string, ...string[]] {
    return this.current;
  }

  /** Whether the instances are to be watched: several, or a name that may come to stand for several. */
  get watched(): boolean {
    return this.configured.length > 1 || this.configured.some(namesHost);
  }

  private async addresses(host: string): Promise<string[]> {
    try {
      return await this.resolver.resolve4(host);
    } catch {
      return (await dns.lookup(host, { all: true, family: 4 })).map(({ address }) => address);
    }
  }

  /**
   * Asks again for the addresses of each configured name. Returns the instances gone since (their
   * state forgotten), or null when nothing changed.
   */
  async resolve(): Promise<string[] | null> {
    const expanded = await Promise.all(
      this.configured.map(async (url) => {
        if (!namesHost(url)) return [url];
        const addresses = await this.addresses(new URL(url).hostname).catch(() => []);
        if (addresses.length > 0) {
          this.resolved.set(
            url,
            addresses.map((address) => Object.assign(new URL(url), { hostname: address }).origin),
          );
        }
        return this.resolved.get(url) ?? [url];
      }),
    );
    const targets = [...new Set(expanded.flat())].sort() as [string, ...string[]];
    if (targets.join(' ') === this.current.join(' ')) return null;
    const gone = this.current.filter((target) => !targets.includes(target));
    for (const target of gone) {
      this.tags.delete(target);
      this.down.delete(target);
      this.missed.delete(target);
      this.dropped.delete(target);
    }
    this.current = targets;
    return gone;
  }

  /**
   * The instance a connection lives on, by the tag its id starts with (`liveConnectionId`), while
   * it answers: its polls go there, wherever the client's ranking points since (when its own
   * instance came back, the clients that had moved were sent back to it, where their sessions were
   * unknown, and dropped again).
   */
  homeOf(connectionId: string): string | undefined {
    return this.targets.find((target) => {
      const tag = this.tagOf(target);
      return tag !== undefined && !this.down.has(target) && connectionId.startsWith(tag);
    });
  }

  /** An instance's tag, which starts its connections' ids: made once an instance (an HMAC), not at each request. */
  tagOf(target: string): string | undefined {
    if (this.secret === undefined) return undefined;
    let tag = this.tags.get(target);
    if (tag === undefined) this.tags.set(target, (tag = liveInstanceTag(target, this.secret)));
    return tag;
  }

  /** The instance for this key: the highest-ranked one that is not marked down (or the highest). */
  pick(key: string): string {
    const ranked = this.targets
      .map((target) => ({ target, score: createHash('sha1').update(target).update('\0').update(key).digest().readUInt32BE(0) }))
      .sort((a, b) => b.score - a.score);
    const up = ranked.find(({ target }) => !this.down.has(target));
    return (up ?? ranked[0]!).target;
  }

  /**
   * Passed over until it answers a probe again: its clients move to the next instance of their
   * ranking, and come back only once it serves (a pause that ran out sent them back to a dead
   * instance every few seconds, and they lost the events sent meanwhile).
   */
  markDown(target: string): void {
    this.down.add(target);
  }

  /** Asks one instance's GET /healthz, and marks it up or down by the answer: true when it is up. */
  async probe(target: string): Promise<boolean> {
    const up = await fetch(new URL('/healthz', target), { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }).then(
      async (response) => {
        await response.body?.cancel();
        return response.ok;
      },
      () => false,
    );
    if (up) {
      this.down.delete(target);
      this.missed.delete(target);
      this.dropped.delete(target);
    } else {
      this.down.add(target);
      this.missed.set(target, (this.missed.get(target) ?? 0) + 1);
    }
    return up;
  }

  /** One round: the instances asked for, each probed, and those lost while another answered told. */
  async round(changed: (targets: readonly string[], gone: string[]) => void = () => undefined): Promise<void> {
    const gone = await this.resolve();
    if (gone) changed(this.targets, gone);
    const answered = await Promise.all(this.targets.map((target) => this.probe(target)));
    if (!answered.includes(true)) return;
    for (const target of this.targets) {
      if ((this.missed.get(target) ?? 0) < PROBES_MISSED_TO_DROP || this.dropped.has(target)) continue;
      this.dropped.add(target);
      this.lost(target);
    }
  }

  /**
   * A round every PROBE_INTERVAL_MS until the returned function is called (one at a time: a round
   * still waiting on DNS or a probe is not joined by the next).
   */
  watch(changed?: (targets: readonly string[], gone: string[]) => void): () => void {
    let running: Promise<void> | null = null;
    const tick = () => {
      running ??= this.round(changed).finally(() => (running = null));
      return running;
    };
    this.firstResolved = tick();
    const timer = setInterval(() => void tick(), PROBE_INTERVAL_MS);
    timer.unref();
    return () => clearInterval(timer);
  }
}

/**
 * Forwards /socket.io (HTTP long-polling and WebSocket upgrades) to the realtime instances, so the
 * app and its live channel share one origin. Call `upgrade` from the HTTP server's 'upgrade' event.
 * Each request carries the client's address as this gateway resolved it, replacing any the client
 * sent, for the live channel's caps per address.
 */
export function realtimeProxy(
  targets: readonly [string, ...string[]],
  logger: Logger,
  clientAddress: (req: IncomingMessage) => string,
  secret: string,
) {
  // The client's address, signed so that the instance can tell it from one a client claims; and,
  // among several instances, the instance's tag, which starts the ids of its connections.
  const vouchFor = (proxyReq: ClientRequest, req: IncomingMessage) => {
    for (const [name, value] of Object.entries(signedClientAddress(clientAddress(req), secret))) proxyReq.setHeader(name, value);
    // (Only ever ours: one a client sent is not passed on.)
    const target = chosen.get(req);
    const tag = target && instances.tagOf(target);
    if (tag) proxyReq.setHeader(LIVE_INSTANCE_TAG_HEADER, tag);
    else proxyReq.removeHeader(LIVE_INSTANCE_TAG_HEADER);
  };
  // The live channel's requests and sockets in flight, by instance: a long-poll is held open up to
  // Socket.IO's ping interval (25 s), which a stopping gateway would otherwise wait out. Once it
  // stops, one that reaches the proxy still (a poll over a connection kept alive) is dropped as it
  // arrives. Those of an instance that stopped answering its probes are dropped too, and their
  // clients reconnect to another instance.
  const inFlight = new Map<{ destroy(): unknown }, string>();
  const dropOf = (target?: string) => {
    for (const [held, to] of inFlight) if (target === undefined || to === target) held.destroy();
  };
  /** The instances whose being out of reach the log has said, until they answer. */
  const unreachableSaid = new Set<string>();
  const instances = new RealtimeInstances(
    targets,
    (target) => {
      logger.warn({ instance: target }, 'realtime instance not answering: its clients reconnect to another');
      dropOf(target);
    },
    secret,
  );
  const stopWatching = instances.watched
    ? instances.watch((now, gone) => {
        logger.info({ instances: now, gone }, 'realtime instances changed');
        // An instance no longer named is gone or going: its clients reconnect to the others.
        for (const target of gone) {
          dropOf(target);
          unreachableSaid.delete(target);
        }
      })
    : () => undefined;
  const chosen = new WeakMap<IncomingMessage, string>();
  let stopping = false;
  const track = (req: IncomingMessage, held: { destroy(): unknown; once(event: 'close', listener: () => void): unknown }) => {
    if (stopping) return void held.destroy();
    inFlight.set(held, chosen.get(req) ?? targets[0]);
    held.once('close', () => inFlight.delete(held));
  };
  const proxy = createProxyMiddleware<IncomingMessage>({
    target: targets[0],
    pathFilter: '/socket.io',
    ws: true,
    xfwd: true,
    // One instance, given by its address, needs no choosing.
    router: instances.watched
      ? async (req) => {
          // Not before the instances' names are first answered: a name that stands for several
          // would send one client's polls to different instances.
          await instances.firstResolved;
          const connection = new URLSearchParams(req.url?.split('?')[1] ?? '').get('sid');
          const target = (connection && instances.homeOf(connection)) || instances.pick(RealtimeInstances.clientKey(req));
          chosen.set(req, target);
          return target;
        }
      : undefined,
    on: {
      proxyReq: (proxyReq, req, res) => {
        vouchFor(proxyReq, req);
        track(req, res);
        // A client gone mid-poll (a tab closed, a network lost): the instance is told at once, by
        // the poll's end, and lets the socket go. (http-proxy ends it only on the request's
        // 'aborted', which a poll's finished GET never emits: the socket stayed for its ping timeout,
        // 45 s, counted against the person's cap.)
        res.once('close', () => {
          if (!res.writableFinished) proxyReq.destroy();
        });
      },
      proxyRes: (_proxyRes, req) => {
        const target = chosen.get(req) ?? targets[0];
        if (unreachableSaid.delete(target)) logger.info({ instance: target }, 'realtime instance answers again');
      },
      proxyReqWs: (proxyReq, req, socket) => {
        vouchFor(proxyReq, req);
        track(req, socket);
      },
      error: (error, req, res) => {
        // Dropped by a gateway that stops: nothing to say, nobody to say it to.
        if (stopping) return void (res as { destroy(): unknown }).destroy();
        const target = chosen.get(req) ?? targets[0];
        const code = (error as NodeJS.ErrnoException).code;
        // A refused or unreachable instance is passed over until it answers a probe; its clients reconnect elsewhere.
        const unreachable = ['ECONNREFUSED', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'].includes(code ?? '');
        if (unreachable) instances.markDown(target);
        // Said once an instance fails (refused, reset, hung up), not at each of its clients' tries
        // (a line each, as many as there were clients retrying: a stranger's observability audit),
        // and again once it answers.
        const again = unreachableSaid.has(target);
        unreachableSaid.add(target);
        logger[again ? 'debug' : 'warn']({ err: error, instance: target }, 'realtime instance unreachable');
        if ('writeHead' in res && !res.headersSent) {
          res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ message: socketMessages.unavailable }));
        } else if ('destroy' in res) (res as Socket).destroy();
      },
    },
  });
  /**
   * Drops the live channel's requests and sockets in flight, for a gateway that stops: its clients
   * reconnect (to another gateway) at once rather than after their long-poll.
   */
  const dropInFlight = () => {
    stopping = true;
    dropOf();
  };
  /**
   * A body over what the live channel takes is refused here, with a message: forwarded, the
   * instance answered before reading it, and the proxy, still writing it, said 502.
   */
  const forward = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
    if (req.method === 'POST' && req.url?.startsWith('/socket.io')) {
      const refuse = (status: number, message: string) =>
        res.writeHead(status, { 'content-type': 'application/json', connection: 'close' }).end(JSON.stringify({ message }));
      if (Number(req.headers['content-length']) > LIVE_BODY_MAX_BYTES) return refuse(413, socketMessages.tooLarge);
      // A body sent in chunks has no length to check: forwarded, one over the limit got a 502 too.
      // Browsers' polls always say their length.
      if (req.headers['transfer-encoding'] !== undefined) return refuse(411, socketMessages.lengthRequired);
    }
    return proxy(req, res, next);
  };
  return Object.assign(forward, { upgrade: proxy.upgrade, stopWatching, dropInFlight });
}
