import { authMessages, EMAIL_MAX_LENGTH, passwordMayExist } from '@findclips/contracts';
import { credentialStamp, type SessionUser, type UserEntity } from '@findclips/db';
import { Passport } from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { verifyPassword } from './passwords';
import type { Users } from '@findclips/db';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // Passport's req.user is our user row.
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends UserEntity {}
  }
}

/** A Passport instance of its own (not the global one), with sessions and email+password sign-in. */
export function createPassport(users: Users) {
  const passport = new Passport();

  passport.serializeUser<SessionUser>((user, done) => done(null, { id: user.id, stamp: credentialStamp(user) }));

  passport.deserializeUser<SessionUser>((stored, done) => {
    if (typeof stored?.id !== 'number') return done(null, false);
    users.findById(stored.id).then(
      (user) => done(null, user && credentialStamp(user) === stored.stamp ? user : false),
      (error: unknown) => done(error),
    );
  });

  passport.use(
    new LocalStrategy({ usernameField: 'email', passwordField: 'password', session: true }, (email, password, done) => {
      // Credentials longer than any account can have match nobody; the check still takes its time.
      const possible = email.length <= EMAIL_MAX_LENGTH && passwordMayExist(password);
      (possible ? users.findByEmail(email) : Promise.resolve(undefined)).then(async (user) => {
        const valid = await verifyPassword(user?.passwordHash, password);
        done(null, valid && user ? user : false, { message: authMessages.invalidCredentials });
      }, done);
    }),
  );

  return passport;
}

export type AppPassport = ReturnType<typeof createPassport>;
