import type { GatewayEnv } from '@findclips/config';
import type { UserEntity } from '@findclips/db';
import { googleSignInErrors, nameFromElsewhere, normalizeEmail, type GoogleSignInError } from '@findclips/contracts';
import { randomBytes } from 'node:crypto';
import { Router, type Request } from 'express';
import { Strategy as GoogleStrategy, type Profile, type StrategyOptions } from 'passport-google-oauth20';
import { keepGuestVideos, type GuestVideosDeps } from './guest-videos';
import type { EndLiveSessions } from './live-sessions';
import type { AppPassport } from './passport';
import { answered } from '../http/session';
import { logIn } from './session-login';
import { isUniqueViolation, type Users } from '@findclips/db';

/** A sign-in that cannot go on, with the reason the user is shown on /auth. */
class GoogleSignInRefused extends Error {
  constructor(readonly code: GoogleSignInError) {
    super(googleSignInErrors[code]);
  }
}

/** Back to /auth with the reason as a code, which the page turns into one of its own messages. */
const toAuthPage = (code: GoogleSignInError) => `/auth?error=${code}`;

/** How long a browser's session lives between /auth/google and the callback: the state is all it holds. */
const SIGN_IN_SESSION_MS = 10 * 60 * 1000;

/** How long Google's token and userinfo endpoints have, together, before the sign-in fails. */
export const GOOGLE_ANSWER_MS = 10_000;

/** The pending sign-ins a browser may have at once (tabs), each with its own state. */
const PENDING_STATES = 5;

/**
 * Finds the user of a Google profile: by Google id (their email brought up to date when Google has
 * verified a new one nobody else has), else by verified email (linking a password account), else
 * a new user from a verified email. Linking removes the account's password: anyone could have
 * registered that email with a password before its owner came with Google (we never check
 * emails), and the password changes the session stamp, so every session opened with it ends. An
 * account linked to another Google account is never linked again (Google's `sub` is the account;
 * an address moves between accounts), and an email Google has not verified makes no account: its
 * holder would keep the account once the address's owner came.
 */
async function findOrCreateGoogleUser(
  users: Users,
  profile: Profile,
  endLiveSessions: EndLiveSessions,
): Promise<{ user: UserEntity; created: boolean }> {
  const email = profile.emails?.[0];
  const verified = (email?.verified as unknown) === true || (email?.verified as unknown) === 'true';
  const existing = await users.findByGoogleId(profile.id);
  if (existing)
    return { user: await withEmailOf(users, existing, verified ? email?.value : undefined, endLiveSessions), created: false };

  if (!email?.value) throw new GoogleSignInRefused('no_email');
  const fromProfile = {
    // Text Google's user typed, taken as Settings takes typed names.
    name: nameFromElsewhere(profile.displayName),
    firstName: nameFromElsewhere(profile.name?.givenName),
    lastName: nameFromElsewhere(profile.name?.familyName),
    avatarUrl: profile.photos?.[0]?.value ?? null,
  };

  const sameEmail = await users.findByEmail(email.value);
  if (sameEmail) {
    // Linked meanwhile by this Google account's other sign-in (two tabs): theirs.
    if (sameEmail.googleId === profile.id) return { user: sameEmail, created: false };
    if (sameEmail.googleId !== null) throw new GoogleSignInRefused('other_google_account');
    if (!verified) throw new GoogleSignInRefused('unverified_email');
    const hadPassword = sameEmail.passwordHash !== null;
    // Linked only while it has no Google account: of two linking it at once, the second is refused.
    const linked = await users.linkGoogle(sameEmail, {
      googleId: profile.id,
      passwordHash: null,
      name: sameEmail.name ?? fromProfile.name,
      firstName: sameEmail.firstName ?? fromProfile.firstName,
      lastName: sameEmail.lastName ?? fromProfile.lastName,
      avatarUrl: sameEmail.avatarUrl ?? fromProfile.avatarUrl,
    });
    if (!linked) {
      const now = await users.findByEmail(email.value);
      if (now?.googleId === profile.id) return { user: now, created: false };
      throw new GoogleSignInRefused('other_google_account');
    }
    // The live connections opened with the password end with its sessions.
    if (hadPassword) await endLiveSessions({ userId: linked.id });
    return { user: linked, created: false };
  }

  if (!verified) throw new GoogleSignInRefused('unverified_new');
  try {
    const user = await users.create({ email: email.value, googleId: profile.id, passwordHash: null, ...fromProfile });
    return { user, created: true };
  } catch (error) {
    // The same person signing in twice at once: the other request created the row.
    const other = isUniqueViolation(error) ? await users.findByGoogleId(profile.id) : null;
    if (other) return { user: other, created: false };
    throw error;
  }
}

/**
 * The member's email as Google has it now, where it changed there (Settings sends them there to
 * change it): unless another account has it, which keeps it. A new email is a new session stamp:
 * the member's other sessions end, and their live connections with them.
 */
async function withEmailOf(
  users: Users,
  user: UserEntity,
  email: string | undefined,
  endLiveSessions: EndLiveSessions,
): Promise<UserEntity> {
  if (!email || normalizeEmail(email) === user.email) return user;
  try {
    await users.update(user, { email: normalizeEmail(email) });
  } catch (error) {
    if (isUniqueViolation(error)) return user;
    throw error;
  }
  await endLiveSessions({ userId: user.id });
  return user;
}

/** A sign-in under way: its state, its PKCE code verifier, and when it started. */
interface PendingState {
  state: string;
  /** (None in a sign-in started before PKCE came, whose code Google exchanges without one.) */
  verifier?: string;
  at: number;
}

/**
 * The states of a browser's sign-ins under way, in its session: a few, so that one started in
 * another tab does not void this one's (Passport's own store keeps one). Each is used once, within
 * the 10 minutes a sign-in has. A sign-in carries those still under way (other tabs) into the
 * session it makes (`logIn`); signing out ends them with the session.
 * Each keeps its PKCE verifier (RFC 7636): Google exchanges the code only with it, so a code that
 * leaks from one browser's sign-in signs in nobody through another's.
 * (Passport calls a store by its functions' arity: store(req, verifier, state, meta, done) under
 * PKCE, verify(req, state, done), whose `done` hands Passport the verifier.)
 */
const inSession = (req: Request) => req.session as unknown as { googleStates?: PendingState[] };
const pendingStates = {
  of(req: Request): PendingState[] {
    const now = Date.now();
    return (inSession(req).googleStates ?? []).filter((pending) => now - pending.at < SIGN_IN_SESSION_MS);
  },
  keep(req: Request, states: PendingState[]) {
    inSession(req).googleStates = states.length ? states : undefined;
  },
  store(req: Request, verifier: string, _state: unknown, _meta: unknown, done: (error: Error | null, state?: string) => void) {
    const state = randomBytes(24).toString('base64url');
    pendingStates.keep(req, [...pendingStates.of(req), { state, verifier, at: Date.now() }].slice(-PENDING_STATES));
    done(null, state);
  },
  verify(
    req: Request,
    state: string,
    done: (error: Error | null, verified: string | boolean, info?: { message: string }) => void,
  ) {
    const pending = pendingStates.of(req);
    const signIn = pending.find((one) => one.state === state);
    if (!signIn) return done(null, false, { message: UNKNOWN_STATE });
    pendingStates.keep(
      req,
      pending.filter((other) => other !== signIn),
    );
    done(null, signIn.verifier ?? true);
  },
};

const UNKNOWN_STATE = 'Invalid authorization request state.';

/**
 * The time limit of each callback waiting for Google. Google's answer (the profile) either comes
 * within it, and ends it: the account is then found, linked or made, and the user told so however
 * long our own database takes (its queries have their own limit), so that no account changes
 * behind a sign-in the user was told had failed; or it comes after the user was told the sign-in
 * failed, and changes no account (it would link one, taking its password off and ending its
 * sessions, or make one).
 */
const googleLimits = new WeakMap<Request, { answeredInTime(): boolean }>();

/** GET /auth/google (a full-page navigation) and its callback. */
export function googleRoutes(
  env: GatewayEnv,
  users: Users,
  passport: AppPassport,
  endLiveSessions: EndLiveSessions,
  guestVideos: GuestVideosDeps,
) {
  const router = Router();
  const clientID = env.GOOGLE_CLIENT_ID;
  const clientSecret = env.GOOGLE_CLIENT_SECRET;

  if (!clientID || !clientSecret) {
    router.get(['/auth/google', '/auth/google/callback'], (_req, res) => res.redirect(toAuthPage('not_configured')));
    return router;
  }

  const strategy = new GoogleStrategy(
    {
      clientID,
      clientSecret,
      // On PUBLIC_URL, never on the request's Host header.
      callbackURL: new URL(env.GOOGLE_CALLBACK_URL, env.PUBLIC_URL).toString(),
      authorizationURL: env.GOOGLE_AUTH_URL,
      tokenURL: env.GOOGLE_TOKEN_URL,
      userProfileURL: env.GOOGLE_USERINFO_URL,
      // (Passport calls a store by its functions' arity: see `pendingStates`.)
      store: pendingStates as unknown as StrategyOptions['store'],
      // A code challenge (S256) with each authorization request, its verifier with the code.
      pkce: true,
      passReqToCallback: true,
    },
    (
      req: Request,
      _accessToken: string,
      _refreshToken: string,
      profile: Profile,
      done: (error: unknown, user?: UserEntity | false, info?: object) => void,
    ) => {
      if (googleLimits.get(req)?.answeredInTime() === false) return done(null, false);
      findOrCreateGoogleUser(users, profile, endLiveSessions).then(
        ({ user, created }) => done(null, user, { created }),
        (error: unknown) => (error instanceof GoogleSignInRefused ? done(null, false, { refused: error.code }) : done(error)),
      );
    },
  );
  // Send the access token in the Authorization header, not in the userinfo URL's query string.
  const oauth2 = (strategy as unknown as { _oauth2: { useAuthorizationHeaderforGET(use: boolean): void } })._oauth2;
  oauth2.useAuthorizationHeaderforGET(true);
  passport.use(strategy);

  router.get(
    '/auth/google',
    (req, _res, next) => {
      // A visitor's session exists only to carry the state to the callback: it expires with it, so
      // that navigations which never come back do not leave a 14-day session each.
      if (!req.user) req.session.cookie.maxAge = SIGN_IN_SESSION_MS;
      next();
    },
    passport.authenticate('google', { scope: ['openid', 'profile', 'email'], prompt: 'select_account' }),
  );

  router.get('/auth/google/callback', (req, res, next) => {
    // Google comes back with a code or an error; anything else is no sign-in (Passport would start
    // a new one, unasked, from a link or a crawler).
    const given = (value: unknown) => typeof value === 'string' && value !== '';
    if (!given(req.query.code) && !given(req.query.error)) return res.redirect(toAuthPage('failed'));
    // Google's endpoints not answering (Passport's OAuth client waits for ever): the sign-in fails.
    let over = false;
    const limit = setTimeout(() => {
      over = true;
      if (res.headersSent || answered(res)) return;
      req.log.warn('google sign-in failed: Google did not answer in time');
      res.redirect(toAuthPage('failed'));
    }, GOOGLE_ANSWER_MS);
    googleLimits.set(req, {
      answeredInTime() {
        clearTimeout(limit);
        return !over;
      },
    });
    // However the request ends (answered, or the browser gone), the limit has nothing left to do.
    res.on('close', () => clearTimeout(limit));
    passport.authenticate(
      'google',
      { session: false },
      (error: unknown, user: UserEntity | false, info?: { refused?: GoogleSignInError; message?: string; created?: boolean }) => {
        clearTimeout(limit);
        if (over) return;
        if (error) {
          req.log.warn({ err: error }, 'google sign-in failed');
          return res.redirect(toAuthPage('failed'));
        }
        if (!user) {
          // Another tab's sign-in finished first, and regenerated the session this one's state was
          // in: the browser is signed in, which is what was asked.
          if (info?.message === UNKNOWN_STATE && req.user) return res.redirect('/');
          // Ours, or Passport's (a state this browser never received): the latter are failures.
          const code = req.query.error === 'access_denied' ? 'cancelled' : (info?.refused ?? 'failed');
          if (!info?.refused) req.log.warn({ reason: info?.message }, 'google sign-in refused');
          return res.redirect(toAuthPage(code));
        }
        // A new account made by a guest opens on the video they analysed last.
        logIn(req, user, endLiveSessions)
          .then(() => (info?.created ? keepGuestVideos(guestVideos, req, res, user.id, endLiveSessions) : null))
          .then((last) => res.redirect(last ? `/?video=${last}` : '/'), next);
      },
    )(req, res, next);
  });

  return router;
}
