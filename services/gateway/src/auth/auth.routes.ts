import { AppError, authMessages, loginRequestSchema, registerRequestSchema, type MessageResponse } from '@findclips/contracts';
import type { UserEntity, Users } from '@findclips/db';
import { Router, type RequestHandler } from 'express';
import { parseInput } from '../http/errors';
import { forValidBodies } from '../http/rate-limit';
import { SESSION_COOKIE } from '../http/session';
import { keepGuestVideos, type GuestVideosDeps } from './guest-videos';
import type { EndLiveSessions } from './live-sessions';
import type { LoginDelay } from './login-delay';
import type { AppPassport } from './passport';
import { currentUser, requireUser } from './require-user';
import { logIn, logOut } from './session-login';
import { toPublicUser } from './public-user';
import { register } from './register';

interface AuthRoutesDeps {
  users: Users;
  passport: AppPassport;
  limits: { login: RequestHandler[]; loginDelay: LoginDelay; register: RequestHandler[] };
  endLiveSessions: EndLiveSessions;
  /** Where a guest's analyses go when they create an account. */
  guestVideos: GuestVideosDeps;
}

/** Registration, email+password sign-in, sign-out and the current user. */
export function authRoutes({ users, passport, limits, endLiveSessions, guestVideos }: AuthRoutesDeps) {
  const router = Router();

  router.post('/api/register', ...forValidBodies(registerRequestSchema, limits.register), async (req, res) => {
    const user = await register(users, parseInput(registerRequestSchema, req.body));
    await logIn(req, user, endLiveSessions);
    await keepGuestVideos(guestVideos, req, res, user.id, endLiveSessions);
    res.status(201).json(toPublicUser(user));
  });

  const { loginDelay } = limits;
  router.post('/api/login', ...forValidBodies(loginRequestSchema, limits.login), loginDelay.check, (req, res, next) => {
    req.body = parseInput(loginRequestSchema, req.body);
    const { email } = req.body as { email: string };
    passport.authenticate('local', { session: false }, (error: unknown, user: UserEntity | false) => {
      if (error) return next(error);
      if (!user) {
        return loginDelay.failed(email).then(() => next(new AppError('UNAUTHORIZED', authMessages.invalidCredentials)), next);
      }
      loginDelay
        .succeeded(req, res, email)
        .then(() => logIn(req, user, endLiveSessions))
        .then(() => res.json(toPublicUser(user)), next);
    })(req, res, next);
  });

  router.post('/api/logout', async (req, res) => {
    const signedIn = Boolean(req.user);
    const sessionId = req.sessionID;
    await logOut(req);
    // The live connections opened with this session stop receiving the user's events.
    if (signedIn) await endLiveSessions({ sessionId });
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.json({ message: 'Logged out' } satisfies MessageResponse);
  });

  router.get('/api/user', requireUser, (req, res) => {
    res.json(toPublicUser(currentUser(req)));
  });

  return router;
}
