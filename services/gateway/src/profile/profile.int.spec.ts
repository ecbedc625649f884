import type { ServerResponse } from 'node:http';
import { authMessages, profileMessages } from '@findclips/contracts';
import { listenOnLoopback, strongPassword, uniqueEmail, until, type RunningServer } from '@findclips/testing';
import { NOT_SIGNED_IN } from '../auth/require-user';
import { startTestGateway, type TestGateway } from '../test/harness';

describe('profile, email and password settings', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway();
  });
  afterAll(() => gw.close());

  async function signedIn() {
    const browser = gw.browser();
    const email = uniqueEmail('settings');
    const password = strongPassword();
    const user = (await browser.post('/api/register').send({ email, password }).expect(201)).body;
    return { browser, email, password, user };
  }

  describe('PATCH /api/profile', () => {
    it('saves first and last name and the display name', async () => {
      const { browser } = await signedIn();
      const res = await browser.patch('/api/profile').send({ firstName: ' Grace ', lastName: 'Hopper' }).expect(200);
      expect(res.body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', name: 'Grace Hopper' });
      expect((await browser.get('/api/user').expect(200)).body.firstName).toBe('Grace');
    });

    it.each([
      [{ firstName: '', lastName: 'Hopper' }, profileMessages.firstNameRequired, 'firstName'],
      [{ firstName: '   ', lastName: 'Hopper' }, profileMessages.firstNameRequired, 'firstName'],
      [{ firstName: 'Grace', lastName: '' }, profileMessages.lastNameRequired, 'lastName'],
      [{ firstName: 'Grace' }, profileMessages.lastNameRequired, 'lastName'],
      [{ lastName: 'Hopper' }, profileMessages.firstNameRequired, 'firstName'],
      [{ firstName: 42, lastName: 'Hopper' }, 'firstName must be text', 'firstName'],
      // Names that show nothing: zero-width characters and direction controls alone.
      [{ firstName: 'Grace', lastName: '\u200B' }, profileMessages.lastNameRequired, 'lastName'],
      [{ firstName: '\u2060\u00A0\u200E', lastName: 'Hopper' }, profileMessages.firstNameRequired, 'firstName'],
      [{ firstName: '\u202E\u202C', lastName: 'Hopper' }, profileMessages.firstNameRequired, 'firstName'],
      // ... and characters drawn as nothing: a Hangul filler, the blank braille pattern, a lone accent.
      [{ firstName: '\u3164', lastName: 'Hopper' }, profileMessages.firstNameRequired, 'firstName'],
      [{ firstName: 'Grace', lastName: '\u2800\u0301' }, profileMessages.lastNameRequired, 'lastName'],
      // Half of a UTF-16 pair, which would be stored as U+FFFD.
      [{ firstName: 'Grace', lastName: 'x\ud800' }, 'lastName is not valid Unicode text', 'lastName'],
    ])('refuses %p', async (body, message, field) => {
      const { browser } = await signedIn();
      const res = await browser.patch('/api/profile').send(body).expect(400);
      expect(res.body).toMatchObject({ message, field });
    });

    it.each([
      ['a NUL byte', 'b\u0000'],
      ['an escape character', 'b\u001b[31m'],
    ])('refuses a name holding %s with a 400 naming the field, and keeps the saved name', async (_what, lastName) => {
      const { browser } = await signedIn();
      await browser.patch('/api/profile').send({ firstName: 'Grace', lastName: 'Hopper' }).expect(200);
      const res = await browser.patch('/api/profile').send({ firstName: 'Ada', lastName }).expect(400);
      expect(res.body).toEqual({
        message: 'lastName must not contain control characters',
        errorType: 'VALIDATION_ERROR',
        field: 'lastName',
      });
      expect((await browser.get('/api/user').expect(200)).body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
    });

    it('needs a signed-in user', async () => {
      await gw.request().patch('/api/profile').send({ firstName: 'A', lastName: 'B' }).expect(401);
    });
  });

  describe('PATCH /api/profile/email', () => {
    it('changes the email used to sign in, with the current password, and signs out every other session', async () => {
      const { browser, email, password } = await signedIn();
      const elsewhere = gw.browser();
      await elsewhere.post('/api/login').send({ email, password }).expect(200);
      const next = uniqueEmail('moved');
      const res = await browser
        .patch('/api/profile/email')
        .send({ email: next.toUpperCase(), currentPassword: password })
        .expect(200);
      expect(res.body.email).toBe(next);
      await browser.get('/api/user').expect(200);
      await elsewhere.get('/api/user').expect(401);
      await gw.request().post('/api/login').send({ email: next, password }).expect(200);
      await gw.request().post('/api/login').send({ email, password }).expect(401);
    });

    it('refuses without the right current password: an open session alone cannot move the account', async () => {
      const { browser, email } = await signedIn();
      const next = uniqueEmail('hijack');
      const missing = await browser.patch('/api/profile/email').send({ email: next }).expect(400);
      expect(missing.body).toMatchObject({ message: profileMessages.currentPasswordRequired, field: 'currentPassword' });
      const wrong = await browser
        .patch('/api/profile/email')
        .send({ email: next, currentPassword: 'not-the-password' })
        .expect(400);
      expect(wrong.body).toMatchObject({ message: profileMessages.currentPasswordIncorrect, field: 'currentPassword' });
      expect((await browser.get('/api/user').expect(200)).body.email).toBe(email);
    });

    it('refuses an invalid address with the settings message', async () => {
      const { browser, password } = await signedIn();
      const res = await browser.patch('/api/profile/email').send({ email: 'nope@', currentPassword: password }).expect(400);
      expect(res.body).toMatchObject({ message: profileMessages.invalidEmail, field: 'email' });
    });

    it('of two changes sent at once from two sessions, accepts one and refuses the other', async () => {
      const { browser, email, password } = await signedIn();
      const elsewhere = gw.browser();
      await elsewhere.post('/api/login').send({ email, password }).expect(200);
      const tries = [
        { client: browser, next: uniqueEmail('first') },
        { client: elsewhere, next: uniqueEmail('second') },
      ];
      const answers = await Promise.all(
        tries.map(({ client, next }) => client.patch('/api/profile/email').send({ email: next, currentPassword: password })),
      );
      const accepted = tries.filter((_, i) => answers[i]!.status === 200);
      expect(accepted).toHaveLength(1);
      expect([409, 401]).toContain(answers.find((res) => res.status !== 200)!.status);
      for (const { next } of tries) {
        await gw
          .request()
          .post('/api/login')
          .send({ email: next, password })
          .expect(next === accepted[0]!.next ? 200 : 401);
      }
    });

    it('takes the address the member has already, whatever its case, as no change: nobody is signed out', async () => {
      const { browser, email, password } = await signedIn();
      const elsewhere = gw.browser();
      await elsewhere.post('/api/login').send({ email, password }).expect(200);
      const res = await browser
        .patch('/api/profile/email')
        .send({ email: email.toUpperCase(), currentPassword: password })
        .expect(200);
      expect(res.body.email).toBe(email);
      await browser.get('/api/user').expect(200);
      await elsewhere.get('/api/user').expect(200);
    });

    it("refuses another account's address, whatever its case", async () => {
      const other = await signedIn();
      const { browser, password } = await signedIn();
      const res = await browser
        .patch('/api/profile/email')
        .send({ email: other.email.toUpperCase(), currentPassword: password })
        .expect(409);
      expect(res.body).toMatchObject({ message: authMessages.emailTaken, field: 'email' });
    });
  });

  describe('PATCH /api/profile/password', () => {
    it('changes the password and signs out every other session', async () => {
      const { browser, email, password } = await signedIn();
      const elsewhere = gw.browser();
      await elsewhere.post('/api/login').send({ email, password }).expect(200);

      const newPassword = 'brand-new-secret';
      await browser.patch('/api/profile/password').send({ currentPassword: password, newPassword }).expect(200);

      await browser.get('/api/user').expect(200);
      await elsewhere.get('/api/user').expect(401);
      await gw.request().post('/api/login').send({ email, password }).expect(401);
      await gw.request().post('/api/login').send({ email, password: newPassword }).expect(200);
    });

    it('of two changes sent at once from two sessions, accepts one and refuses the other', async () => {
      const { browser, email, password } = await signedIn();
      const elsewhere = gw.browser();
      await elsewhere.post('/api/login').send({ email, password }).expect(200);

      const tries = [
        { client: browser, newPassword: 'first-new-secret' },
        { client: elsewhere, newPassword: 'second-new-secret' },
      ];
      const answers = await Promise.all(
        tries.map(({ client, newPassword }) =>
          client.patch('/api/profile/password').send({ currentPassword: password, newPassword }),
        ),
      );
      // Told "updated" means updated: the other change no longer had the current password.
      const accepted = tries.filter((_, i) => answers[i]!.status === 200);
      expect(accepted).toHaveLength(1);
      // 409 when it was checked before the other change was written, 401 when its session was already ended by it.
      const refused = answers.find((res) => res.status !== 200)!;
      const told = { 409: profileMessages.changedMeanwhile, 401: NOT_SIGNED_IN } as Record<number, string>;
      expect(refused.body).toMatchObject({ message: told[refused.status] ?? `no refusal with status ${refused.status}` });
      for (const { newPassword } of tries) {
        await gw
          .request()
          .post('/api/login')
          .send({ email, password: newPassword })
          .expect(newPassword === accepted[0]!.newPassword ? 200 : 401);
      }
    });

    it('refuses a wrong current password', async () => {
      const { browser } = await signedIn();
      const res = await browser
        .patch('/api/profile/password')
        .send({ currentPassword: 'not-my-password', newPassword: 'whatever1' })
        .expect(400);
      expect(res.body).toMatchObject({ message: profileMessages.currentPasswordIncorrect, field: 'currentPassword' });
    });

    it.each([
      [{ currentPassword: '12345', newPassword: 'long-enough' }, profileMessages.currentPasswordRequired, 'currentPassword'],
      [{ currentPassword: 'long-enough', newPassword: '12345' }, profileMessages.newPasswordTooShort, 'newPassword'],
    ])('refuses %p with its message', async (body, message, field) => {
      const { browser } = await signedIn();
      const res = await browser.patch('/api/profile/password').send(body).expect(400);
      expect(res.body).toMatchObject({ message, field });
    });

    it('accepts a 6-character new password (the settings minimum, not the sign-up one)', async () => {
      const { browser, password } = await signedIn();
      await browser.patch('/api/profile/password').send({ currentPassword: password, newPassword: 'abcdef' }).expect(200);
    });

    it('takes the longest password typed decomposed on another device as the same characters', async () => {
      const { browser, password } = await signedIn();
      // 256 characters, the longest a password may be, six of them accented letters.
      const composed = `Caf-2024-${'x'.repeat(241)}${'\u00e9'.repeat(6)}`;
      const decomposed = composed.normalize('NFD');
      await browser.patch('/api/profile/password').send({ currentPassword: password, newPassword: composed }).expect(200);
      expect((await browser.post('/api/verify-password').send({ password: decomposed }).expect(200)).body).toEqual({
        isValid: true,
      });
      await browser.patch('/api/profile/password').send({ currentPassword: decomposed, newPassword: decomposed }).expect(200);
    });
  });

  describe('POST /api/verify-password', () => {
    it('tells whether the password is right', async () => {
      const { browser, password } = await signedIn();
      expect((await browser.post('/api/verify-password').send({ password }).expect(200)).body).toEqual({ isValid: true });
      expect((await browser.post('/api/verify-password').send({ password: 'nope' }).expect(200)).body).toEqual({
        isValid: false,
      });
    });

    it('needs a signed-in user', async () => {
      await gw.request().post('/api/verify-password').send({ password: 'x' }).expect(401);
    });

    it('says a missing password as sign-in says it', async () => {
      const { browser } = await signedIn();
      for (const body of [{}, { password: null }]) {
        expect((await browser.post('/api/verify-password').send(body).expect(400)).body).toEqual({
          errorType: 'VALIDATION_ERROR',
          field: 'password',
          message: authMessages.passwordRequired,
        });
      }
    });
  });

  describe('Google-linked accounts', () => {
    it('cannot change email or password here (403 with the reason)', async () => {
      const email = uniqueEmail('linked');
      const password = strongPassword();
      const browser = gw.browser();
      const user = (await browser.post('/api/register').send({ email, password }).expect(201)).body;
      await gw.dataSource.query('UPDATE users SET google_id = $1 WHERE id = $2', [`google-${user.id}`, user.id]);

      const emailChange = await browser
        .patch('/api/profile/email')
        .send({ email: uniqueEmail(), currentPassword: 'anything' })
        .expect(403);
      expect(emailChange.body.message).toBe(profileMessages.managedByGoogle);
      const passwordChange = await browser
        .patch('/api/profile/password')
        .send({ currentPassword: password, newPassword: 'another-one' })
        .expect(403);
      expect(passwordChange.body.message).toBe(profileMessages.managedByGoogle);
      await browser.patch('/api/profile').send({ firstName: 'Still', lastName: 'Editable' }).expect(200);
    });
  });
});

describe('a credential change while another request of the same browser is under way', () => {
  // YouTube answering only when told: the video lookup of the other request stays in flight.
  const held: ServerResponse[] = [];
  let youtube: RunningServer;
  let gw: TestGateway;
  beforeAll(async () => {
    youtube = await listenOnLoopback((_req, res) => void held.push(res));
    gw = await startTestGateway({ YOUTUBE_BASE_URL: youtube.url });
  });
  afterAll(async () => {
    await gw.close();
    await youtube.close();
  });

  const changes: [string, (password: string) => [string, object]][] = [
    ['password', (password) => ['/api/profile/password', { currentPassword: password, newPassword: 'brand-new-secret' }]],
    ['email', (password) => ['/api/profile/email', { email: uniqueEmail('moved'), currentPassword: password }]],
  ];
  it.each(changes)(
    'keeps the browser that changed its %s signed in when the older answer arrives last',
    async (_what, change) => {
      const browser = gw.browser();
      const password = strongPassword();
      await browser
        .post('/api/register')
        .send({ email: uniqueEmail('inflight'), password })
        .expect(201);
      const lookup = browser
        .post('/api/videos/transcript?videoId=FCinflight1')
        .send({})
        .then((res) => res);
      await until(() => held.length === 1, 5_000, 'the lookup reaching YouTube');

      const [path, body] = change(password);
      await browser.patch(path).send(body).expect(200);
      // The lookup, begun with the session the change replaced, answers after it.
      held.pop()!.writeHead(503).end();
      const older = await lookup;
      expect(older.headers['set-cookie']).toBeUndefined();

      await browser.get('/api/user').expect(200);
    },
  );
});
