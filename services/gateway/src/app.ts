import type { GatewayEnv } from '@findclips/config';
import proxyAddr from 'proxy-addr';
import compression from 'compression';
import express, { type Request, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import {
  AnalysisEdits,
  CachedVideos,
  GuestAnalyses,
  MemberAnalyses,
  MemberHistory,
  Shares,
  UploadedTranscripts,
  Users,
} from '@findclips/db';
import { authRoutes } from './auth/auth.routes';
import { googleRoutes } from './auth/google';
import { liveSessions } from './auth/live-sessions';
import { LoginDelay } from './auth/login-delay';
import { createPassport } from './auth/passport';
import { requireUser } from './auth/require-user';
import { healthRoutes } from './health/health.routes';
import { allowedMethods } from './http/allowed-methods';
import { errorHandler, notFound } from './http/errors';
import { fewValues, shallowText } from './http/few-values';
import { createLimiter } from './http/rate-limit';
import { realtimeProxy } from './http/realtime-proxy';
import { requestLog } from './http/request-log';
import { sameOriginOnly } from './http/same-origin';
import { securityHeaders } from './http/security-headers';
import { sessions } from './http/session';
import { profileRoutes } from './profile/profile.routes';
import { SharedTopics, ShareViews } from './shares/read-share';
import { sharesRoutes } from './shares/shares.routes';
import { createMetricsRegistry, redisKeys, VideoFailures, type RedisClient } from '@findclips/runtime';
import type { AnalysisQueue } from '@findclips/queue';
import type { YoutubeClient } from '@findclips/youtube';
import { VideoMetadataService } from './videos/metadata';
import { GuestCredits, MemberAnalysisLimit, YoutubeLookupLimit } from './videos/quotas';
import { keptFinished, publicVideoRoutes, videosRoutes } from './videos/videos.routes';
import { xRoutes } from './x/x.routes';
import { WebApp } from './http/web-app';
import { httpMetrics, metricsRoute, queueMetrics } from './http/metrics';
import type { Registry } from 'prom-client';

interface GatewayDeps {
  env: GatewayEnv;
  dataSource: DataSource;
  redis: RedisClient;
  logger: Logger;
  queue: AnalysisQueue;
  youtube: YoutubeClient;
  /** Where the gateway's metrics go; its own registry when left out. */
  metrics?: Registry;
}

/** The JSON body limit of every endpoint. */
const BODY_LIMIT = '100kb';
/**
 * A share: up to 100 topics (SHARE_TOPICS_MAX) sent whole, quotes and all, which the 100 kB of
 * every other body refused from about 45 topics on (a stranger's audit): 100 topics of five
 * 60-second quotes are 0.6 MB.
 */
const SHARE_BODY_LIMIT = '1mb';
/** Uploaded captions: 2 million characters (CAPTIONS_MAX_CHARS), up to 4 bytes each in UTF-8. */
const CAPTIONS_BODY_LIMIT = '8mb';
/** How deep a body may nest objects and arrays: a share's topics' quotes are 5 deep. */
const BODY_DEPTH = 16;
/** ... holding its text, the file's name and a flag: a few values, whatever the text's length. */
const CAPTIONS_BODY_VALUES = 16;
/**
 * Caption files a member may send per window (AUTH_RATE_WINDOW_SECONDS), refused before their
 * body is read: each of 8 MB costs the gateway's event loop about 0.2 s to read, and one refused
 * after reading (past the video's end, an analysis running) spends no analysis of the hour.
 */
export const CAPTIONS_UPLOADS_PER_WINDOW = 20;

function authLimits({ env, redis }: GatewayDeps) {
  const keys = redisKeys(env.REDIS_KEY_PREFIX);
  const windowSeconds = env.AUTH_RATE_WINDOW_SECONDS;
  const limiter = (name: string, limit: number, what: string, extra: Partial<Parameters<typeof createLimiter>[0]> = {}) =>
    createLimiter({ redis, prefix: keys.rateLimit(name), windowSeconds, limit, what, ...extra });
  const loginDelay = new LoginDelay(redis, env.REDIS_KEY_PREFIX, env.LOGIN_LIMIT_PER_EMAIL, windowSeconds, env.SESSION_SECRET);
  return {
    // Failed logins only: a network whose people sign in often is not held back by their successes;
    // a browser that signed in to the account before counts its own failures, not its network's.
    login: [
      limiter('login-ip', env.LOGIN_LIMIT_PER_IP, 'failed login attempts', {
        failuresOnly: true,
        ownKey: (req) => loginDelay.knownBrowser(req),
      }),
    ],
    loginDelay,
    register: [limiter('register-ip', env.REGISTER_LIMIT_PER_IP, 'sign-ups from this network')],
    passwordCheck: [
      limiter('password-check', env.PASSWORD_CHECK_LIMIT_PER_USER, 'password checks', {
        key: (req) => (req.user ? `user:${req.user.id}` : undefined),
      }),
    ] as RequestHandler[],
    captionsUpload: limiter('captions-upload', CAPTIONS_UPLOADS_PER_WINDOW, 'caption files sent', {
      key: (req) => (req.user ? `user:${req.user.id}` : undefined),
    }) as RequestHandler,
  };
}

/** A request with a body (not an empty one) of a type other than JSON's. */
const bodyOtherThanJson = (req: Request) =>
  (req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0) &&
  !req.is('application/json');

/** POST /api/user-videos/{id}/transcript: captions a member brings, the one large body. */
const CAPTIONS_UPLOAD = /^\/api\/user-videos\/[^/]+\/transcript\/?$/i;

/** The gateway's Express app; main.ts only connects its dependencies and listens. */
export function createApp(deps: GatewayDeps) {
  const { env, dataSource, redis, logger, queue, youtube } = deps;
  const users = new Users(dataSource);
  // The owners of the tables the video and share routes read and write.
  const tables = {
    cached: new CachedVideos(dataSource),
    memberAnalyses: new MemberAnalyses(dataSource),
    history: new MemberHistory(dataSource),
    guests: new GuestAnalyses(dataSource),
    edits: new AnalysisEdits(dataSource),
    uploads: new UploadedTranscripts(dataSource),
    shares: new Shares(dataSource),
  };
  const lookups = new YoutubeLookupLimit(
    redis,
    env.REDIS_KEY_PREFIX,
    env.YOUTUBE_LOOKUPS_PER_IP_PER_MINUTE,
    env.YOUTUBE_LOOKUPS_PER_MINUTE,
  );
  const metadata = new VideoMetadataService(tables.cached, youtube, redis, env.REDIS_KEY_PREFIX, lookups);
  const passport = createPassport(users);
  const limits = authLimits(deps);

  const metrics = deps.metrics ?? createMetricsRegistry('gateway');
  queueMetrics(metrics, queue);

  const app = express();
  // Not even health, metrics and the live channel (mounted before helmet) say what serves them.
  app.disable('x-powered-by');
  app.set('trust proxy', env.TRUST_PROXY);
  app.set('query parser', 'simple');
  // A request target that is neither a path nor an absolute URL ('OPTIONS *', which asks about the
  // server as a whole): no route reads it, and sessions would skip it, so it is answered here.
  app.use((req, res, next) => {
    if (req.url.startsWith('/') || /^https?:\/\//i.test(req.url)) return next();
    if (req.method === 'OPTIONS' && req.url === '*') {
      res.set('Allow', 'GET, HEAD, POST, PATCH, DELETE, OPTIONS').status(204).end();
      return;
    }
    res.status(400).json({ message: 'The request target must be a path, like /api/user', errorType: 'VALIDATION_ERROR' });
  });
  app.use(httpMetrics(metrics));

  // The live channel is forwarded before any body parsing or security headers of ours.
  // The client's address as this app resolves it (TRUST_PROXY), for the live channel's caps.
  const live = realtimeProxy(env.REALTIME_URL, logger, (req) => proxyAddr(req, app.get('trust proxy fn')), env.SESSION_SECRET);
  app.use(live);
  app.locals.upgrade = live.upgrade;
  app.locals.stopLive = live.stopWatching;
  app.locals.dropLive = live.dropInFlight;
  app.use(requestLog(logger));
  app.use(healthRoutes(dataSource, redis, queue));
  app.use(metricsRoute(metrics, env.METRICS_TOKEN));
  app.use(securityHeaders(env.PUBLIC_URL));
  const web = new WebApp(env.WEB_DIST_DIR);
  if (!web.built) logger.warn({ dir: web.dir }, 'the web app is not built there: pages say so; the API answers');
  app.use(web.assets());
  // Any JSON is read ('null' too, not strict): each route's schema says what shape it takes.
  // Captions are the one large body: read once the member is known (below), never for anyone.
  // PUBLIC_URL is ours whatever the request says (a TLS proxy without TRUST_PROXY arrives as http).
  // Before any body is read: another site's request is refused unread.
  app.use(sameOriginOnly([new URL(env.PUBLIC_URL).origin, ...env.ALLOWED_ORIGINS]));
  const smallBody = express.json({ limit: BODY_LIMIT, strict: false, verify: shallowText(BODY_DEPTH) });
  const shareBody = express.json({ limit: SHARE_BODY_LIMIT, strict: false, verify: shallowText(BODY_DEPTH) });
  app.use((req, res, next) => {
    if (req.method === 'POST' && CAPTIONS_UPLOAD.test(req.path)) return next();
    return (req.method === 'POST' && req.path === '/api/analysis/share' ? shareBody : smallBody)(req, res, next);
  });
  // A body of another type would be read as none, and refused as 'not a JSON object' though it is one.
  app.use('/api', (req, res, next) =>
    bodyOtherThanJson(req)
      ? void res.status(415).json({ message: 'The request body must be JSON, sent with Content-Type: application/json' })
      : next(),
  );
  // Compressed when the browser takes it: a long history, a 3-hour transcript are a tenth as large.
  app.use('/api', compression());
  // API answers depend on who asks: no cache keeps them unless a route says otherwise.
  app.use('/api', (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  app.use(
    publicVideoRoutes({
      cached: tables.cached,
      queue,
      failures: new VideoFailures(redis, env.REDIS_KEY_PREFIX),
      metadata,
      finished: keptFinished(tables.cached),
    }),
  );
  // Sessions for the API and Google's sign-in only: a page is the same for everyone, and still
  // loads while Redis is away (it says so itself, from its API calls).
  const withSessions = ['/api', '/auth/google'];
  app.use(
    withSessions,
    sessions({
      redis,
      prefix: redisKeys(env.REDIS_KEY_PREFIX).sessions,
      secret: env.SESSION_SECRET,
      maxAgeDays: env.SESSION_MAX_AGE_DAYS,
    }),
  );
  app.use(withSessions, passport.initialize());
  app.use(withSessions, passport.session());
  app.post(
    CAPTIONS_UPLOAD,
    requireUser,
    limits.captionsUpload,
    express.json({ limit: CAPTIONS_BODY_LIMIT, strict: false, verify: fewValues(CAPTIONS_BODY_VALUES) }),
  );

  const endLiveSessions = liveSessions(redis, env.REDIS_KEY_PREFIX);
  const guestVideos = { ...tables, dataSource };
  app.use(authRoutes({ users, passport, limits, endLiveSessions, guestVideos }));
  app.use(googleRoutes(env, users, passport, endLiveSessions, guestVideos));
  app.use(profileRoutes(users, limits.passwordCheck, endLiveSessions));
  app.use(xRoutes(dataSource));
  app.use(
    videosRoutes({
      ...tables,
      metadata,
      queue,
      credits: new GuestCredits(redis, env.REDIS_KEY_PREFIX, env.GUEST_ANALYSES_PER_IP_PER_DAY),
      memberLimit: new MemberAnalysisLimit(redis, env.REDIS_KEY_PREFIX, env.MEMBER_ANALYSES_PER_HOUR),
    }),
  );

  app.use(
    sharesRoutes({
      ...tables,
      views: new ShareViews(redis, env.REDIS_KEY_PREFIX, env.SESSION_SECRET),
      topics: new SharedTopics(tables.shares),
      web,
      publicUrl: env.PUBLIC_URL,
    }),
  );

  app.use(web.fallback());
  // Whatever nothing answered (an API route, a POST to a page, a page asked for as JSON): JSON too.
  app.use(notFound(allowedMethods(app)));
  app.use(errorHandler);
  return app;
}
