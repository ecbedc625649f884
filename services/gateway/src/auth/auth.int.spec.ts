import { authMessages } from '@findclips/contracts';
import { UserEntity } from '@findclips/db';
import { strongPassword, uniqueEmail } from '@findclips/testing';
import { hash } from '@node-rs/argon2';
import supertest from 'supertest';
import { startTestGateway, type TestGateway } from '../test/harness';
import { hashPassword, verifyPassword } from './passwords';

const sessionCookie = (res: supertest.Response) =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('fc.sid='));
const cookieValue = (cookie: string | undefined) => cookie?.split(';')[0];

describe('accounts: register, login, logout, current user', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway();
  });
  afterAll(() => gw.close());

  describe('POST /api/register', () => {
    it('creates the account, signs it in and never returns the password', async () => {
      const browser = gw.browser();
      const email = uniqueEmail('New');
      const password = strongPassword();
      const res = await browser
        .post('/api/register')
        .send({ email: `  ${email.toUpperCase()} `, password })
        .expect(201);

      expect(res.body).toEqual({
        id: expect.any(Number),
        email: email.toLowerCase(),
        name: null,
        firstName: null,
        lastName: null,
        googleId: null,
        avatarUrl: null,
        aiProvider: 'gemini',
        createdAt: expect.any(String),
      });
      expect(JSON.stringify(res.body)).not.toContain(password);

      const me = await browser.get('/api/user').expect(200);
      expect(me.body.id).toBe(res.body.id);

      const row = await gw.dataSource.getRepository(UserEntity).findOneByOrFail({ id: res.body.id });
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row.passwordHash).not.toContain(password);
    });

    it('sets an HttpOnly, SameSite=Lax session cookie that is not Secure over plain HTTP', async () => {
      const res = await gw.request().post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(201);
      const cookie = sessionCookie(res)!;
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).not.toMatch(/; Secure/);
      expect(cookie).toMatch(/; Expires=/);
    });

    it.each([
      ['a malformed email', 'not-an-email', 'Abcdefg1', authMessages.invalidEmail, 'email'],
      ['an empty email', '', 'Abcdefg1', authMessages.invalidEmail, 'email'],
      ['a 5-character password', 'ok@example.com', 'Abc12', authMessages.passwordTooShort, 'password'],
      ['a password without uppercase or digit', 'ok@example.com', 'abcdefgh', authMessages.passwordTooWeak, 'password'],
      ['a password without lowercase', 'ok@example.com', 'ABCDEFG1', authMessages.passwordTooWeak, 'password'],
      ['a 302-character password', 'ok@example.com', `a1${'x'.repeat(300)}`, authMessages.passwordTooLong, 'password'],
    ])('refuses %s with its message', async (_case, email, password, message, field) => {
      const res = await gw.request().post('/api/register').send({ email, password }).expect(400);
      expect(res.body).toEqual({ message, errorType: 'VALIDATION_ERROR', field });
    });

    it('accepts a password of lowercase letters and digits only', async () => {
      await gw.request().post('/api/register').send({ email: uniqueEmail(), password: 'abcdefg1' }).expect(201);
    });

    it('names the missing or mistyped field', async () => {
      const missing = await gw.request().post('/api/register').send({ password: 'Abcdefg1' }).expect(400);
      // A missing field reads as the rule's own message, as the form shows it.
      expect(missing.body).toMatchObject({ message: authMessages.invalidEmail, field: 'email' });
      const typed = await gw.request().post('/api/register').send({ email: 'a@b.co', password: 12345678 }).expect(400);
      expect(typed.body).toMatchObject({ message: 'password must be text', field: 'password' });
    });

    it('refuses an email already registered, whatever its case, with 409', async () => {
      const email = uniqueEmail('dup');
      await gw.request().post('/api/register').send({ email, password: strongPassword() }).expect(201);
      const res = await gw
        .request()
        .post('/api/register')
        .send({ email: email.toUpperCase(), password: strongPassword() })
        .expect(409);
      expect(res.body).toMatchObject({ message: authMessages.emailTaken, field: 'email' });
    });

    it('lets exactly one of two simultaneous sign-ups with the same email through', async () => {
      const email = uniqueEmail('race');
      const results = await Promise.all(
        [0, 1].map(() => gw.request().post('/api/register').send({ email, password: strongPassword() })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(await gw.dataSource.getRepository(UserEntity).countBy({ email })).toBe(1);
    });

    it('answers every sign-up that loses the race for an email with 409, never 500', async () => {
      const email = uniqueEmail('race-many');
      const password = strongPassword();
      // Sent together, all of them find the email free before the first one's account is written.
      const results = await Promise.all(
        Array.from({ length: 6 }, () => gw.request().post('/api/register').send({ email, password })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      for (const lost of results.filter((r) => r.status === 409)) {
        expect(lost.body).toMatchObject({ message: authMessages.emailTaken, field: 'email' });
      }
    });
  });

  describe('POST /api/login', () => {
    const email = uniqueEmail('login');
    const password = strongPassword();
    beforeAll(async () => {
      await gw.request().post('/api/register').send({ email, password }).expect(201);
    });

    it('signs in with the right password, ignoring the email case', async () => {
      const browser = gw.browser();
      const res = await browser.post('/api/login').send({ email: email.toUpperCase(), password }).expect(200);
      expect(res.body.email).toBe(email);
      expect((await browser.get('/api/user').expect(200)).body.email).toBe(email);
    });

    it('takes a password however its characters were typed: composed or not, full-width or not', async () => {
      const account = uniqueEmail('unicode');
      // 'é' as one character, as most keyboards type it; 'Ｋ' full-width, as an input method may.
      await gw.request().post('/api/register').send({ email: account, password: 'Caf\u00e9-\uFF2Bey-2024' }).expect(201);
      for (const typed of ['Caf\u00e9-\uFF2Bey-2024', 'Cafe\u0301-\uFF2Bey-2024', 'Caf\u00e9-Key-2024']) {
        await gw.request().post('/api/login').send({ email: account, password: typed }).expect(200);
      }
      await gw.request().post('/api/login').send({ email: account, password: 'Cafe-Key-2024' }).expect(401);
    });

    it('counts a password in characters, so a long one typed decomposed on another device still signs in', async () => {
      const account = uniqueEmail('long-unicode');
      // 256 characters, the longest a password may be, six of them accented letters.
      const composed = `Caf-2024-${'x'.repeat(241)}${'\u00e9'.repeat(6)}`;
      const decomposed = composed.normalize('NFD');
      expect([composed.length, decomposed.length]).toEqual([256, 262]);
      await gw.request().post('/api/register').send({ email: account, password: composed }).expect(201);
      await gw.request().post('/api/login').send({ email: account, password: decomposed }).expect(200);
      // Registered the other way round, it is the same 256 characters.
      await gw
        .request()
        .post('/api/register')
        .send({ email: uniqueEmail('long-nfd'), password: decomposed })
        .expect(201);
    });

    it('still takes a password hashed as it was typed, before passwords were normalized', async () => {
      const account = uniqueEmail('legacy');
      await gw.request().post('/api/register').send({ email: account, password: strongPassword() }).expect(201);
      // The hash of an accented password as typed, not normalized: made before stop 64.
      const typed = 'Cafe\u0301-Old-2024';
      await gw.dataSource.getRepository(UserEntity).update({ email: account }, { passwordHash: await hash(typed) });
      await gw.request().post('/api/login').send({ email: account, password: typed }).expect(200);
    });

    it('answers a wrong password and an unknown email alike, with 401', async () => {
      const wrong = await gw.request().post('/api/login').send({ email, password: 'Wrong-password1' }).expect(401);
      const unknown = await gw.request().post('/api/login').send({ email: uniqueEmail(), password }).expect(401);
      expect(wrong.body).toEqual({ message: authMessages.invalidCredentials, errorType: 'UNAUTHORIZED' });
      expect(unknown.body).toEqual(wrong.body);
      expect(sessionCookie(wrong)).toBeUndefined();
    });

    it('answers an email or password longer than any account can have as wrong credentials, with 401', async () => {
      const long = await gw
        .request()
        .post('/api/login')
        .send({ email, password: `${password}${'x'.repeat(300)}` });
      expect(long.status).toBe(401);
      expect(long.body).toEqual({ message: authMessages.invalidCredentials, errorType: 'UNAUTHORIZED' });
      const longEmail = await gw
        .request()
        .post('/api/login')
        .send({ email: `${'a'.repeat(300)}${email}`, password });
      expect(longEmail.status).toBe(401);
      expect(longEmail.body).toEqual(long.body);
    });

    it('requires both fields', async () => {
      const res = await gw.request().post('/api/login').send({ email }).expect(400);
      expect(res.body).toMatchObject({ message: authMessages.passwordRequired, field: 'password' });
      const empty = await gw.request().post('/api/login').send({ email: '', password }).expect(400);
      expect(empty.body.message).toBe(authMessages.emailRequired);
    });

    it('issues a new session id at login, and the old one stops working', async () => {
      const other = uniqueEmail('other');
      await gw.request().post('/api/register').send({ email: other, password }).expect(201);

      const first = await gw.request().post('/api/login').send({ email, password }).expect(200);
      const before = cookieValue(sessionCookie(first))!;
      const second = await gw.request().post('/api/login').set('Cookie', before).send({ email: other, password }).expect(200);
      const after = cookieValue(sessionCookie(second))!;

      expect(after).toBeDefined();
      expect(after).not.toBe(before);
      await gw.request().get('/api/user').set('Cookie', before).expect(401);
      expect((await gw.request().get('/api/user').set('Cookie', after).expect(200)).body.email).toBe(other);
    });
  });

  describe('password hashes', () => {
    it("stores argon2id at OWASP's minimum cost (19 MiB, 2 passes, 1 lane), not less", async () => {
      const res = await gw
        .request()
        .post('/api/register')
        .send({ email: uniqueEmail('cost'), password: strongPassword() })
        .expect(201);
      const row = await gw.dataSource.getRepository(UserEntity).findOneByOrFail({ id: res.body.id });
      expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });

    it('spends a real check on an account without a password, so timing tells no email apart', async () => {
      const real = await hashPassword(strongPassword());
      const took = async (passwordHash: string | null) => {
        const times: number[] = [];
        for (let i = 0; i < 3; i++) {
          const started = performance.now();
          expect(await verifyPassword(passwordHash, 'a-wrong-password')).toBe(false);
          times.push(performance.now() - started);
        }
        return Math.min(...times);
      };
      await took(null); // the decoy hash is made once, on first use
      // The same argon2 work either way (a tenth, so that a busy machine cannot make it fail).
      expect(await took(null)).toBeGreaterThan((await took(real)) / 10);
    });
  });

  describe('POST /api/logout and GET /api/user', () => {
    it('answers 401 with a message when nobody is signed in', async () => {
      const res = await gw.request().get('/api/user').expect(401);
      expect(res.body).toEqual({ message: 'You are not signed in', errorType: 'UNAUTHORIZED' });
    });

    it('signs out and destroys the session for good', async () => {
      const email = uniqueEmail('bye');
      const registered = await gw.request().post('/api/register').send({ email, password: strongPassword() }).expect(201);
      const cookie = cookieValue(sessionCookie(registered))!;

      const res = await gw.request().post('/api/logout').set('Cookie', cookie).expect(200);
      expect(sessionCookie(res)).toMatch(/fc\.sid=;.*Expires=Thu, 01 Jan 1970/);
      await gw.request().get('/api/user').set('Cookie', cookie).expect(401);
    });

    it('keeps no session in the store once signed out, neither the old one nor a new one', async () => {
      const sessions = async () => {
        const keys: string[] = [];
        for await (const batch of gw.redis.scanIterator({ MATCH: `${gw.env.REDIS_KEY_PREFIX}sess:*` })) keys.push(...batch);
        return keys.sort();
      };
      const registered = await gw
        .request()
        .post('/api/register')
        .send({ email: uniqueEmail('gone'), password: strongPassword() });
      const cookie = cookieValue(sessionCookie(registered))!;
      const sessionId = /^fc\.sid=s%3A([^.]+)/.exec(cookie)![1]!;
      const before = await sessions();
      expect(before).toContain(`${gw.env.REDIS_KEY_PREFIX}sess:${sessionId}`);

      const res = await gw.request().post('/api/logout').set('Cookie', cookie).expect(200);
      expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).filter((c) => /^fc\.sid=[^;]/.test(c))).toEqual([]);
      expect(await sessions()).toEqual(before.filter((key) => !key.endsWith(`sess:${sessionId}`)));
    });

    it('is harmless when already signed out', async () => {
      await gw.request().post('/api/logout').expect(200);
    });
  });
});

describe('the session cookie behind a TLS-terminating proxy', () => {
  it('is Secure when TRUST_PROXY is set and the proxy says HTTPS', async () => {
    const gw = await startTestGateway({ TRUST_PROXY: '1' });
    try {
      const res = await gw
        .request()
        .post('/api/register')
        .set('X-Forwarded-Proto', 'https')
        .send({ email: uniqueEmail(), password: strongPassword() })
        .expect(201);
      expect(sessionCookie(res)).toMatch(/; Secure/);
    } finally {
      await gw.close();
    }
  });

  it('ignores a forged X-Forwarded-Proto when no proxy is trusted', async () => {
    const gw = await startTestGateway({ TRUST_PROXY: 'false' });
    try {
      const res = await gw
        .request()
        .post('/api/register')
        .set('X-Forwarded-Proto', 'https')
        .send({ email: uniqueEmail(), password: strongPassword() })
        .expect(201);
      expect(sessionCookie(res)).not.toMatch(/; Secure/);
    } finally {
      await gw.close();
    }
  });
});
