import type { GatewayEnv } from '@findclips/config';
import type { UserEntity } from '@findclips/db';
import { Router } from 'express';
import { Strategy as GoogleStrategy, type Profile } from 'passport-google-oauth20';
import type { EndLiveSessions } from './live-sessions';
import type { AppPassport } from './passport';
import { logIn } from './session-login';
import { isUniqueViolation, type Users } from '@findclips/db';

export const googleMessages = {
  notConfigured: 'Google sign-in is not configured on this server',
  cancelled: 'Google sign-in was cancelled',
  noEmail: 'Your Google account did not share an email address',
  unverifiedEmail:
    'An account with this email already exists. Sign in with your password: the email of your Google account is not verified.',
  failed: 'Google sign-in failed. Please try again.',
} as const;

/** A sign-in that cannot go on, with the reason the user is shown on /auth. */
class GoogleSignInRefused extends Error {}

const toAuthPage = (reason: string) => `/auth?error=${encodeURIComponent(reason)}`;

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
): Promise<UserEntity> {
  const existing = await users.findByGoogleId(profile.id);
  if (existing) return existing;

  const email = profile.emails?.[0];
  if (!email?.value) throw new GoogleSignInRefused(googleMessages.noEmail);
  const verified = (email.verified as unknown) === true || (email.verified as unknown) === 'true';
  const fromProfile = {
    name: profile.displayName || null,
    firstName: profile.name?.givenName || null,
    lastName: profile.name?.familyName || null,
    avatarUrl: profile.photos?.[0]?.value ?? null,
  };

  const sameEmail = await users.findByEmail(email.value);
  if (sameEmail) {
    if (!verified) throw new GoogleSignInRefused(googleMessages.unverifiedEmail);
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
    return linked;
  }

  try {
    return await users.create({ email: email.value, googleId: profile.id, passwordHash: null, ...fromProfile });
  } catch (error) {
    // The same person signing in twice at once: the other request created the row.
    const created = isUniqueViolation(error) ? await users.findByGoogleId(profile.id) : null;
    if (created) return created;
    throw error;
  }
}

/** GET /auth/google (a full-page navigation) and its callback. */
export function googleRoutes(env: GatewayEnv, users: Users, passport: AppPassport, endLiveSessions: EndLiveSessions) {
  const router = Router();
  const clientID = env.GOOGLE_CLIENT_ID;
  const clientSecret = env.GOOGLE_CLIENT_SECRET;

  if (!clientID || !clientSecret) {
    router.get(['/auth/google', '/auth/google/callback'], (_req, res) => res.redirect(toAuthPage(googleMessages.notConfigured)));
    return router;
  }

  const strategy = new GoogleStrategy(
    {
      clientID,
      clientSecret,
      callbackURL: env.GOOGLE_CALLBACK_URL,
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
        (user) => done(null, user),
        (error: unknown) => (error instanceof GoogleSignInRefused ? done(null, false, { message: error.message }) : done(error)),
      );
    },
  );
  // Send the access token in the Authorization header, not in the userinfo URL's query string.
  const oauth2 = (strategy as unknown as { _oauth2: { useAuthorizationHeaderforGET(use: boolean): void } })._oauth2;
  oauth2.useAuthorizationHeaderforGET(true);
  passport.use(strategy);

  router.get(
    '/auth/google',
    passport.authenticate('google', { scope: ['openid', 'profile', 'email'], prompt: 'select_account' }),
  );

  router.get('/auth/google/callback', (req, res, next) => {
    passport.authenticate(
      'google',
      { session: false },
      (error: unknown, user: UserEntity | false, info?: { message?: string }) => {
        if (error) {
          req.log.warn({ err: error }, 'google sign-in failed');
          return res.redirect(toAuthPage(googleMessages.failed));
        }
        if (!user) {
          const reason = req.query.error === 'access_denied' ? googleMessages.cancelled : info?.message;
          return res.redirect(
            toAuthPage(reason && reason !== 'Unable to verify authorization request state.' ? reason : googleMessages.failed),
          );
        }
        logIn(req, user, endLiveSessions).then(() => res.redirect('/'), next);
      },
    )(req, res, next);
  });

  return router;
}
