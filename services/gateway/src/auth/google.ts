import type { GatewayEnv } from '@findclips/config';
import type { UserEntity } from '@findclips/db';
import { googleSignInErrors, type GoogleSignInError } from '@findclips/contracts';
import { Router } from 'express';
import { Strategy as GoogleStrategy, type Profile } from 'passport-google-oauth20';
import { keepGuestVideos, type GuestVideosDeps } from './guest-videos';
import type { EndLiveSessions } from './live-sessions';
import type { AppPassport } from './passport';
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

/**
 * Finds the user of a Google profile: by Google id, else by verified email (linking the
 * accounts), else a new user from the profile. Linking removes the account's password: anyone could
 * have registered that email with a password before its owner came with Google (we never check
 * emails), and the password changes the session stamp, so every session opened with it ends.
 */
export async function findOrCreateGoogleUser(
  users: Users,
  profile: Profile,
  endLiveSessions: EndLiveSessions,
): Promise<{ user: UserEntity; created: boolean }> {
  const existing = await users.findByGoogleId(profile.id);
  if (existing) return { user: existing, created: false };

  const email = profile.emails?.[0];
  if (!email?.value) throw new GoogleSignInRefused('no_email');
  const verified = (email.verified as unknown) === true || (email.verified as unknown) === 'true';
  const fromProfile = {
    name: profile.displayName || null,
    firstName: profile.name?.givenName || null,
    lastName: profile.name?.familyName || null,
    avatarUrl: profile.photos?.[0]?.value ?? null,
  };

  const sameEmail = await users.findByEmail(email.value);
  if (sameEmail) {
    if (!verified) throw new GoogleSignInRefused('unverified_email');
    const hadPassword = sameEmail.passwordHash !== null;
    const linked = await users.update(sameEmail, {
      googleId: profile.id,
      passwordHash: null,
      name: sameEmail.name ?? fromProfile.name,
      firstName: sameEmail.firstName ?? fromProfile.firstName,
      lastName: sameEmail.lastName ?? fromProfile.lastName,
      avatarUrl: sameEmail.avatarUrl ?? fromProfile.avatarUrl,
    });
    // The live connections opened with the password end with its sessions.
    if (hadPassword) await endLiveSessions({ userId: linked.id });
    return { user: linked, created: false };
  }

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
      state: true,
    },
    (
      _accessToken: string,
      _refreshToken: string,
      profile: Profile,
      done: (error: unknown, user?: UserEntity | false, info?: object) => void,
    ) => {
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
    passport.authenticate(
      'google',
      { session: false },
      (error: unknown, user: UserEntity | false, info?: { refused?: GoogleSignInError; message?: string; created?: boolean }) => {
        if (error) {
          req.log.warn({ err: error }, 'google sign-in failed');
          return res.redirect(toAuthPage('failed'));
        }
        if (!user) {
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
