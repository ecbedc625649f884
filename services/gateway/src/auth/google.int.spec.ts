import { profileMessages } from '@findclips/contracts';
import { CachedVideos, GuestAnalyses, SharedAnalysisEntity, Shares, UserEntity } from '@findclips/db';
import { startFakeGoogle, strongPassword, uniqueEmail, type FakeGoogle, type GoogleUserinfo } from '@findclips/testing';
import { randomUUID } from 'node:crypto';
import { startTestGateway, type TestGateway } from '../test/harness';
import { GOOGLE_ANSWER_MS } from './google';

describe('Google sign-in', () => {
  let google: FakeGoogle;
  let gw: TestGateway;

  beforeAll(async () => {
    google = await startFakeGoogle();
    gw = await startTestGateway(google.env);
  });
  afterAll(async () => {
    await gw.close();
    await google.close();
  });

  /** A browser's whole round trip: /auth/google → Google's consent → our callback. */
  async function signInWithGoogle(profile: GoogleUserinfo | 'deny', browser = gw.browser()) {
    if (profile === 'deny') google.denyNext();
    else google.signInAs(profile);

    const start = await browser.get('/auth/google').expect(302);
    const consent = new URL(start.headers.location!);
    expect(consent.origin + consent.pathname).toBe(google.env.GOOGLE_AUTH_URL);

    const atGoogle = await fetch(consent, { redirect: 'manual' });
    expect(atGoogle.status).toBe(302);
    const callback = new URL(atGoogle.headers.get('location')!);
    expect(callback.pathname).toBe('/auth/google/callback');

    const done = await browser.get(callback.pathname + callback.search).expect(302);
    return { browser, consent, landing: done.headers.location! };
  }

  const profileFor = (email: string, fields: Partial<GoogleUserinfo> = {}): GoogleUserinfo => ({
    sub: randomUUID().replace(/-/g, '').slice(0, 21),
    name: 'Ada Lovelace',
    given_name: 'Ada',
    family_name: 'Lovelace',
    picture: 'https://lh3.googleusercontent.com/a/ada',
    email,
    email_verified: true,
    ...fields,
  });

  it('asks Google for the profile and email with a state parameter', async () => {
    const { consent } = await signInWithGoogle(profileFor(uniqueEmail('g')));
    expect(consent.searchParams.get('client_id')).toBe(google.clientId);
    expect(consent.searchParams.get('response_type')).toBe('code');
    expect(consent.searchParams.get('scope')).toBe('openid profile email');
    expect(consent.searchParams.get('state')).toMatch(/.{16,}/);
    expect(consent.searchParams.get('redirect_uri')).toBe(`${gw.env.PUBLIC_URL}/auth/google/callback`);
  });

  it("sends Google back to PUBLIC_URL whatever Host the request names, and keeps a visitor's session only 10 minutes", async () => {
    const start = await gw.request().get('/auth/google').set('Host', 'evil.example').expect(302);
    expect(new URL(start.headers.location!).searchParams.get('redirect_uri')).toBe(`${gw.env.PUBLIC_URL}/auth/google/callback`);
    // The session that carries the state expires with it, not in 14 days.
    const cookie = decodeURIComponent(String(start.headers['set-cookie']));
    const sessionId = /fc\.sid=s:([^.;]+)/.exec(cookie)![1]!;
    const ttl = await gw.redis.ttl(`${gw.env.REDIS_KEY_PREFIX}sess:${sessionId}`);
    expect(ttl).toBeGreaterThan(500);
    expect(ttl).toBeLessThanOrEqual(600);
  });

  it('creates a user from the Google profile, signs them in and goes to /', async () => {
    const profile = profileFor(uniqueEmail('new-google'));
    const { browser, landing } = await signInWithGoogle(profile);
    expect(landing).toBe('/');

    const me = (await browser.get('/api/user').expect(200)).body;
    expect(me).toMatchObject({
      email: profile.email,
      googleId: profile.sub,
      name: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      avatarUrl: profile.picture,
    });

    // The code was exchanged with our client secret, and userinfo fetched with the access token.
    const token = google.requests.filter((r) => r.path === '/token').at(-1)!;
    const form = new URLSearchParams(token.body);
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('client_secret')).toBe(google.clientSecret);
    expect(google.requests.filter((r) => r.path === '/oauth2/v3/userinfo').at(-1)!.authorization).toMatch(/^Bearer ya29\./);
  });

  it('takes the names of a Google profile as Settings takes typed names: no direction override, control character or blank', async () => {
    const profile = profileFor(uniqueEmail('google-names'), {
      name: 'Ada\u202E Lovelace',
      given_name: '\u202Etxet\u001b[2J',
      family_name: '\u200B',
    });
    const { browser, landing } = await signInWithGoogle(profile);
    expect(landing).toBe('/');
    expect((await browser.get('/api/user').expect(200)).body).toMatchObject({
      name: 'Ada Lovelace',
      firstName: 'txet[2J',
      lastName: null,
    });
    // A name Google gives longer than Settings keeps is cut to it, so that saving it unchanged works.
    const long = await signInWithGoogle(profileFor(uniqueEmail('google-long'), { given_name: 'A'.repeat(150) }));
    const me = (await long.browser.get('/api/user').expect(200)).body;
    expect(me.firstName).toHaveLength(100);
    await long.browser.patch('/api/profile').send({ firstName: me.firstName, lastName: me.lastName }).expect(200);
    // A NUL byte, which PostgreSQL refuses in text, does not keep the person from signing in.
    expect((await signInWithGoogle(profileFor(uniqueEmail('google-nul'), { given_name: 'Ada\u0000' }))).landing).toBe('/');
  });

  it('puts what a guest analysed in the history of the account they create with Google, and in no account they had', async () => {
    /** The video's captions read, as the worker stores them. */
    const fetched = (videoId: string) =>
      new CachedVideos(gw.dataSource).saveFetched(
        { videoId, title: `Talk ${videoId}`, thumbnailUrl: null, description: null, channelTitle: null, durationSeconds: 300 },
        'en',
        [{ text: 'Hello.', start: 0, end: 2 }],
      );
    /** A browser whose guest (its gid cookie) analysed `analysed`, and sent `queued`, whose captions nobody fetched yet. */
    const guestWhoAnalysed = async (analysed: string, queued?: string) => {
      const browser = gw.browser();
      const visit = await browser.get(`/api/guest/credits?_=${Date.now()}`).expect(200);
      const gid = /gid=([^;]+)/.exec(String(visit.headers['set-cookie']))![1]!;
      await fetched(analysed);
      await new GuestAnalyses(gw.dataSource).record(gid, analysed);
      if (queued) await new GuestAnalyses(gw.dataSource).record(gid, queued);
      return browser;
    };
    const history = async (browser: ReturnType<TestGateway['browser']>) =>
      ((await browser.get('/api/videos').expect(200)).body as { youtubeId: string; title: string }[]).map((v) => [
        v.youtubeId,
        v.title,
      ]);

    const created = await signInWithGoogle(
      profileFor(uniqueEmail('from-guest')),
      await guestWhoAnalysed('gUeStViDeO1', 'gUeStQuEuEd'),
    );
    // It opens on the video the guest analysed last; the queued one is in the history too, its
    // title read once its captions are.
    expect(created.landing).toBe('/?video=gUeStQuEuEd');
    expect(await history(created.browser)).toEqual([
      ['gUeStQuEuEd', null],
      ['gUeStViDeO1', 'Talk gUeStViDeO1'],
    ]);
    await fetched('gUeStQuEuEd');
    expect((await history(created.browser))[0]).toEqual(['gUeStQuEuEd', 'Talk gUeStQuEuEd']);
    // The next person to sign up with Google in this browser (a shared computer) gets none of them.
    await created.browser.post('/api/logout').expect(200);
    const next = await signInWithGoogle(profileFor(uniqueEmail('next-person')), created.browser);
    expect(await history(next.browser)).toEqual([]);

    const profile = profileFor(uniqueEmail('had-one'));
    await signInWithGoogle(profile);
    const again = await signInWithGoogle(profile, await guestWhoAnalysed('gUeStViDeO2'));
    expect(await history(again.browser)).toEqual([]);
  });

  it("gives a new account the guest's shares of the last day only: older ones are likely another person's", async () => {
    const browser = gw.browser();
    const visit = await browser.get(`/api/guest/credits?_=${Date.now()}`).expect(200);
    const gid = /gid=([^;]+)/.exec(String(visit.headers['set-cookie']))![1]!;
    const shares = new Shares(gw.dataSource);
    const recent = (
      await shares.upsert(
        { guestSessionId: gid },
        { transcriptSource: 'youtube', language: null, youtubeId: 'rEcEnTsHaRe', topics: [] },
      )
    ).share;
    const old = (
      await shares.upsert(
        { guestSessionId: gid },
        { transcriptSource: 'youtube', language: null, youtubeId: 'oLdGuEsTsHa', topics: [] },
      )
    ).share;
    await gw.dataSource.query(`UPDATE shared_analysis SET created_at = now() - interval '2 days' WHERE share_id = $1`, [
      old.shareId,
    ]);
    await signInWithGoogle(profileFor(uniqueEmail('adopts')), browser);
    const me = (await browser.get('/api/user').expect(200)).body;
    const owners = async (shareId: string) =>
      (await gw.dataSource.getRepository(SharedAnalysisEntity).findOneByOrFail({ shareId })).userId;
    expect(await owners(recent.shareId)).toBe(me.id);
    expect(await owners(old.shareId)).toBeNull();
  });

  it('gives a Google-only account no password: nothing verifies, email and password stay at Google', async () => {
    const { browser } = await signInWithGoogle(profileFor(uniqueEmail('google-only')));
    expect((await browser.post('/api/verify-password').send({ password: '' }).expect(200)).body).toEqual({ isValid: false });
    expect((await browser.post('/api/verify-password').send({ password: 'no-password' }).expect(200)).body).toEqual({
      isValid: false,
    });
    const emailChange = await browser.patch('/api/profile/email').send({ email: uniqueEmail() }).expect(403);
    expect(emailChange.body.message).toBe(profileMessages.managedByGoogle);
    await browser.patch('/api/profile/password').send({ currentPassword: 'anything', newPassword: 'whatever' }).expect(403);
  });

  it('finds the same user again by Google id, with the email they changed at Google (unless another account has it)', async () => {
    const profile = profileFor(uniqueEmail('again'));
    const first = await signInWithGoogle(profile);
    const a = (await first.browser.get('/api/user').expect(200)).body;
    const changed = uniqueEmail('changed-at-google');
    const second = await signInWithGoogle({ ...profile, email: changed.toUpperCase() });
    const b = (await second.browser.get('/api/user').expect(200)).body;
    expect(b.id).toBe(a.id);
    // A new email ends the sessions opened with the old one, as a change made here does.
    await first.browser.get('/api/user').expect(401);
    // Settings sends a Google member to Google to change their email: the change shows here.
    expect(b.email).toBe(changed);
    expect(await gw.dataSource.getRepository(UserEntity).countBy({ googleId: profile.sub })).toBe(1);
    // ... and nobody can register it for another account meanwhile.
    await gw.request().post('/api/register').send({ email: changed, password: strongPassword() }).expect(409);

    // A new email another account has: the member keeps theirs.
    const taken = uniqueEmail('taken');
    await gw.request().post('/api/register').send({ email: taken, password: strongPassword() }).expect(201);
    const third = await signInWithGoogle({ ...profile, email: taken });
    expect((await third.browser.get('/api/user').expect(200)).body).toMatchObject({ id: a.id, email: changed });
    // Not verified by Google: kept as it was too.
    const fourth = await signInWithGoogle({ ...profile, email: uniqueEmail('unverified-change'), email_verified: false });
    expect((await fourth.browser.get('/api/user').expect(200)).body).toMatchObject({ id: a.id, email: changed });
  });

  it('makes no account from an email Google has not verified: its holder would keep it once the owner came', async () => {
    const email = uniqueEmail('unverified-new');
    const { browser, landing } = await signInWithGoogle(profileFor(email, { email_verified: false }));
    expect(landing).toBe('/auth?error=unverified_new');
    await browser.get('/api/user').expect(401);
    expect(await gw.dataSource.getRepository(UserEntity).countBy({ email })).toBe(0);
    // The address's owner registers it.
    await gw.request().post('/api/register').send({ email, password: strongPassword() }).expect(201);
  });

  it('never moves an account linked to one Google account to another with the same email', async () => {
    const email = uniqueEmail('two-googles');
    const first = profileFor(email);
    const { browser: owner } = await signInWithGoogle(first);
    const mine = (await owner.get('/api/user').expect(200)).body;

    // Another Google account that now has the address (reassigned in a Workspace, say).
    const { browser: other, landing } = await signInWithGoogle(profileFor(email));
    expect(landing).toBe('/auth?error=other_google_account');
    await other.get('/api/user').expect(401);
    expect((await owner.get('/api/user').expect(200)).body).toMatchObject({ id: mine.id, googleId: first.sub });
    // The owner still signs in to their own.
    const again = await signInWithGoogle(first);
    expect((await again.browser.get('/api/user').expect(200)).body.id).toBe(mine.id);
  });

  it('signs in from the tab that gets back from Google, when another tab of the browser started too', async () => {
    const browser = gw.browser();
    const profile = profileFor(uniqueEmail('two-tabs'));
    google.signInAs(profile);
    // Two tabs start, one after the other; both get through Google.
    const starts = [await browser.get('/auth/google').expect(302), await browser.get('/auth/google').expect(302)];
    const callbacks = await Promise.all(
      starts.map(
        async (start) => new URL((await fetch(start.headers.location!, { redirect: 'manual' })).headers.get('location')!),
      ),
    );
    // The second tab comes back first, then the first (the browser is signed in by then): neither fails.
    for (const callback of [...callbacks].reverse()) {
      const done = await browser.get(callback.pathname + callback.search).expect(302);
      expect(done.headers.location).toBe('/');
    }
    expect((await browser.get('/api/user').expect(200)).body.googleId).toBe(profile.sub);
    // A state is used once: another browser with it is refused.
    const other = gw.browser();
    const replayed = await other.get(callbacks[0]!.pathname + callbacks[0]!.search).expect(302);
    expect(replayed.headers.location).toBe('/auth?error=failed');

    // Two tabs of a browser not signed in: the one that comes back first with the other started
    // after it works too (the other's state stays pending beside it).
    const fresh = gw.browser();
    const one = await fresh.get('/auth/google').expect(302);
    await fresh.get('/auth/google').expect(302);
    const back = new URL((await fetch(one.headers.location!, { redirect: 'manual' })).headers.get('location')!);
    expect((await fresh.get(back.pathname + back.search).expect(302)).headers.location).toBe('/');
  });

  it.each(['token', 'userinfo'] as const)(
    'says the sign-in failed when Google’s %s endpoint does not answer',
    async (endpoint) => {
      const browser = gw.browser();
      google.signInAs(profileFor(uniqueEmail('stalled')));
      const start = await browser.get('/auth/google').expect(302);
      const callback = new URL((await fetch(start.headers.location!, { redirect: 'manual' })).headers.get('location')!);
      google.stall = endpoint;
      try {
        const started = Date.now();
        const done = await browser.get(callback.pathname + callback.search).expect(302);
        expect(done.headers.location).toBe('/auth?error=failed');
        expect(Date.now() - started).toBeGreaterThanOrEqual(GOOGLE_ANSWER_MS - 100);
        await browser.get('/api/user').expect(401);
      } finally {
        google.stall = null;
      }
    },
    30_000,
  );

  it('changes no account when Google answers after the sign-in was said to fail: the password still signs in', async () => {
    const email = uniqueEmail('late');
    const password = strongPassword();
    const member = gw.browser();
    const registered = (await member.post('/api/register').send({ email, password }).expect(201)).body;

    const browser = gw.browser();
    google.signInAs(profileFor(email));
    const start = await browser.get('/auth/google').expect(302);
    const callback = new URL((await fetch(start.headers.location!, { redirect: 'manual' })).headers.get('location')!);
    google.slow = { endpoint: 'token', ms: GOOGLE_ANSWER_MS + 500 };
    try {
      const done = await browser.get(callback.pathname + callback.search).expect(302);
      expect(done.headers.location).toBe('/auth?error=failed');
      // Google's late answer arrives, and its userinfo, after the user was told to try again.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    } finally {
      google.slow = null;
    }
    await browser.get('/api/user').expect(401);
    // What they were told: it failed. Their account is as it was: the password, and its session.
    await member.get('/api/user').expect(200);
    await gw.request().post('/api/login').send({ email, password }).expect(200);
    const row = await gw.dataSource.getRepository(UserEntity).findOneByOrFail({ id: registered.id });
    expect(row.googleId).toBeNull();
  }, 30_000);

  it('signs in the account chosen last when two tabs of a browser sign in with two Google accounts', async () => {
    const browser = gw.browser();
    const first = profileFor(uniqueEmail('tab-first'));
    const second = profileFor(uniqueEmail('tab-second'));
    // Each tab starts and chooses its account at Google; the first comes back first.
    const backFrom = async (profile: GoogleUserinfo) => {
      google.signInAs(profile);
      const start = await browser.get('/auth/google').expect(302);
      return new URL((await fetch(start.headers.location!, { redirect: 'manual' })).headers.get('location')!);
    };
    const [one, two] = [await backFrom(first), await backFrom(second)];
    expect((await browser.get(one.pathname + one.search).expect(302)).headers.location).toBe('/');
    expect((await browser.get('/api/user').expect(200)).body.googleId).toBe(first.sub);
    expect((await browser.get(two.pathname + two.search).expect(302)).headers.location).toBe('/');
    expect((await browser.get('/api/user').expect(200)).body.googleId).toBe(second.sub);
    // Each state still serves once.
    expect((await browser.get(two.pathname + two.search).expect(302)).headers.location).toBe('/');
    expect((await browser.get('/api/user').expect(200)).body.googleId).toBe(second.sub);
  });

  it('tells the user what happened to their account when Google answered in time and our database took longer', async () => {
    const email = uniqueEmail('slow-link');
    const password = strongPassword();
    const registered = (await gw.request().post('/api/register').send({ email, password }).expect(201)).body;
    const browser = gw.browser();
    google.signInAs(profileFor(email));
    const start = await browser.get('/auth/google').expect(302);
    const callback = new URL((await fetch(start.headers.location!, { redirect: 'manual' })).headers.get('location')!);
    // Another transaction holds the account's row past the time Google has: the link waits for it.
    const holder = gw.dataSource.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    await holder.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [registered.id]);
    const release = setTimeout(() => void holder.commitTransaction(), GOOGLE_ANSWER_MS + 1_000);
    try {
      const done = await browser.get(callback.pathname + callback.search).expect(302);
      // Linked, and told so: the sign-in did not fail while the account changed behind it.
      expect(done.headers.location).toBe('/');
      expect((await browser.get('/api/user').expect(200)).body).toMatchObject({
        id: registered.id,
        googleId: expect.any(String),
      });
    } finally {
      clearTimeout(release);
      if (holder.isTransactionActive) await holder.commitTransaction();
      await holder.release();
    }
  }, 30_000);

  it('links to an existing password account with the same verified email', async () => {
    const email = uniqueEmail('link');
    const password = strongPassword();
    const registered = (await gw.request().post('/api/register').send({ email, password }).expect(201)).body;

    const profile = profileFor(email.toUpperCase());
    const { browser } = await signInWithGoogle(profile);
    const me = (await browser.get('/api/user').expect(200)).body;
    expect(me).toMatchObject({ id: registered.id, googleId: profile.sub, firstName: 'Ada' });
  });

  it('takes the password off an account registered before its owner came with Google (no takeover)', async () => {
    const email = uniqueEmail('takeover');
    const password = strongPassword();
    const attacker = gw.browser();
    const registered = (await attacker.post('/api/register').send({ email, password }).expect(201)).body;

    const { browser: owner } = await signInWithGoogle(profileFor(email));
    expect((await owner.get('/api/user').expect(200)).body).toMatchObject({ id: registered.id, email });

    // The session opened with the password is over, and the password no longer signs in.
    await attacker.get('/api/user').expect(401);
    await gw.request().post('/api/login').send({ email, password }).expect(401);
    expect((await owner.post('/api/verify-password').send({ password }).expect(200)).body).toEqual({ isValid: false });
    const row = await gw.dataSource.getRepository(UserEntity).findOneByOrFail({ id: registered.id });
    expect(row.passwordHash).toBeNull();
  });

  /** What the gateway tells the realtime service about sessions ended, while `run` runs. */
  async function sessionsEndedDuring(run: () => Promise<unknown>): Promise<unknown[]> {
    const subscriber = gw.redis.duplicate();
    await subscriber.connect();
    const ended: unknown[] = [];
    await subscriber.subscribe(`${gw.env.REDIS_KEY_PREFIX}events:sessions-ended`, (message) => ended.push(JSON.parse(message)));
    try {
      await run();
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await subscriber.quit();
    }
    return ended;
  }

  it("drops the password sessions' live connections when Google links the account", async () => {
    const email = uniqueEmail('link-live');
    const registered = (await gw.request().post('/api/register').send({ email, password: strongPassword() }).expect(201)).body;
    const ended = await sessionsEndedDuring(() => signInWithGoogle(profileFor(email)));
    expect(ended).toContainEqual({ userId: registered.id });
  });

  it("drops the member's live connections when their email changed at Google", async () => {
    const profile = profileFor(uniqueEmail('live-before'));
    const first = await signInWithGoogle(profile);
    const { id } = (await first.browser.get('/api/user').expect(200)).body;
    const ended = await sessionsEndedDuring(() => signInWithGoogle({ ...profile, email: uniqueEmail('live-after') }));
    expect(ended).toContainEqual({ userId: id });
  });

  /** The sign-ins under way that a browser's session holds, as stored in Redis. */
  const statesOf = async (cookie: string) => {
    const sessionId = /fc\.sid=s%3A([^.;]+)/.exec(cookie)![1]!;
    const key = `${gw.env.REDIS_KEY_PREFIX}sess:${sessionId}`;
    return { key, session: JSON.parse((await gw.redis.get(key))!) as { googleStates?: { state: string; at: number }[] } };
  };

  it('uses a state once: a refused sign-in leaves none behind to replay', async () => {
    google.signInAs(profileFor(uniqueEmail('replay'), { email_verified: false }));
    const browser = gw.browser();
    const start = await browser.get('/auth/google').expect(302);
    const cookie = String(start.headers['set-cookie']);
    const atGoogle = await fetch(new URL(start.headers.location!), { redirect: 'manual' });
    const callback = new URL(atGoogle.headers.get('location')!);
    expect((await browser.get(callback.pathname + callback.search).expect(302)).headers.location).toBe(
      '/auth?error=unverified_new',
    );
    expect((await statesOf(cookie)).session.googleStates).toBeUndefined();
  });

  it('refuses a state older than the 10 minutes a sign-in has', async () => {
    const profile = profileFor(uniqueEmail('stale'));
    google.signInAs(profile);
    const browser = gw.browser();
    const start = await browser.get('/auth/google').expect(302);
    const { key, session } = await statesOf(String(start.headers['set-cookie']));
    session.googleStates = session.googleStates!.map((s) => ({ ...s, at: s.at - 11 * 60 * 1000 }));
    await gw.redis.set(key, JSON.stringify(session), { KEEPTTL: true });
    const atGoogle = await fetch(new URL(start.headers.location!), { redirect: 'manual' });
    const callback = new URL(atGoogle.headers.get('location')!);
    expect((await browser.get(callback.pathname + callback.search).expect(302)).headers.location).toBe('/auth?error=failed');
    await browser.get('/api/user').expect(401);
  });

  it('takes a state up to the 10 minutes a sign-in has, and none a little past them', async () => {
    /** A sign-in whose state was made `ageMs` ago, brought back from Google: where it lands. */
    const finishAged = async (ageMs: number) => {
      const profile = profileFor(uniqueEmail('aged'));
      google.signInAs(profile);
      const browser = gw.browser();
      const start = await browser.get('/auth/google').expect(302);
      const { key, session } = await statesOf(String(start.headers['set-cookie']));
      session.googleStates = session.googleStates!.map((s) => ({ ...s, at: s.at - ageMs }));
      await gw.redis.set(key, JSON.stringify(session), { KEEPTTL: true });
      const atGoogle = await fetch(new URL(start.headers.location!), { redirect: 'manual' });
      const callback = new URL(atGoogle.headers.get('location')!);
      return (await browser.get(callback.pathname + callback.search).expect(302)).headers.location;
    };
    expect(await finishAged(9.5 * 60 * 1000)).toBe('/');
    expect(await finishAged(10.5 * 60 * 1000)).toBe('/auth?error=failed');
  });

  it('keeps the last 5 sign-ins a browser started (tabs), each with its own state, and no more', async () => {
    google.signInAs(profileFor(uniqueEmail('tabs')));
    const browser = gw.browser();
    const callbacks: URL[] = [];
    let cookie = '';
    for (let tab = 0; tab < 7; tab++) {
      const start = await browser.get('/auth/google').expect(302);
      cookie = String(start.headers['set-cookie'] ?? cookie);
      const atGoogle = await fetch(new URL(start.headers.location!), { redirect: 'manual' });
      callbacks.push(new URL(atGoogle.headers.get('location')!));
    }
    expect((await statesOf(cookie)).session.googleStates).toHaveLength(5);
    // The oldest, pushed out by the sixth: no sign-in. The newest: signed in.
    const finish = async (callback: URL) => (await browser.get(callback.pathname + callback.search).expect(302)).headers.location;
    expect(await finish(callbacks[0]!)).toBe('/auth?error=failed');
    expect(await finish(callbacks[6]!)).toBe('/');
    await browser.get('/api/user').expect(200);
  });

  it('refuses to link when Google has not verified the email', async () => {
    const email = uniqueEmail('unverified');
    const registered = (await gw.request().post('/api/register').send({ email, password: strongPassword() }).expect(201)).body;

    const { landing } = await signInWithGoogle(profileFor(email, { email_verified: false }));
    expect(landing).toBe('/auth?error=unverified_email');
    const row = await gw.dataSource.getRepository(UserEntity).findOneByOrFail({ id: registered.id });
    expect(row.googleId).toBeNull();
  });

  it('sends the user back to /auth with a reason when they cancel at Google', async () => {
    const { browser, landing } = await signInWithGoogle('deny');
    expect(landing).toBe('/auth?error=cancelled');
    await browser.get('/api/user').expect(401);
  });

  it('answers a callback without a code or an error as a failed sign-in, and stays up past the time limit', async () => {
    const browser = gw.browser();
    for (const query of ['', '?state=made-up', '?code=&error=']) {
      const res = await browser.get(`/auth/google/callback${query}`).expect(302);
      expect([query, res.headers.location]).toEqual([query, '/auth?error=failed']);
    }
    // (A first version started a sign-in there, and its time limit then answered again: the process exited.)
    await new Promise((resolve) => setTimeout(resolve, GOOGLE_ANSWER_MS + 500));
    await gw.request().get('/healthz').expect(200);
  }, 30_000);

  it('refuses a callback whose state this browser never received', async () => {
    google.signInAs(profileFor(uniqueEmail('forged')));
    const victim = gw.browser();
    const attacker = gw.browser();
    const start = await attacker.get('/auth/google').expect(302);
    const atGoogle = await fetch(start.headers.location!, { redirect: 'manual' });
    const callback = new URL(atGoogle.headers.get('location')!);

    const res = await victim.get(callback.pathname + callback.search).expect(302);
    expect(res.headers.location).toBe('/auth?error=failed');
    await victim.get('/api/user').expect(401);
  });

  it("refuses another browser's code brought to this browser's own sign-in (PKCE): the code's owner is not signed in here", async () => {
    // A victim's code leaks (a log, a referrer) before their browser uses it; the attacker brings it
    // back to their own sign-in, with their own state.
    const victimProfile = profileFor(uniqueEmail('pkce-victim'));
    google.signInAs(victimProfile);
    const victim = gw.browser();
    const victimStart = await victim.get('/auth/google').expect(302);
    const victimConsent = new URL(victimStart.headers.location!);
    expect(victimConsent.searchParams.get('code_challenge_method')).toBe('S256');
    expect(victimConsent.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const leaked = new URL((await fetch(victimConsent, { redirect: 'manual' })).headers.get('location')!).searchParams.get(
      'code',
    )!;

    const attacker = gw.browser();
    const own = new URL((await attacker.get('/auth/google').expect(302)).headers.location!).searchParams.get('state')!;
    const res = await attacker.get(`/auth/google/callback?${new URLSearchParams({ code: leaked, state: own })}`).expect(302);
    expect(res.headers.location).toBe('/auth?error=failed');
    await attacker.get('/api/user').expect(401);
    const exchange = google.requests.filter((r) => r.path === '/token').at(-1)!;
    expect(new URLSearchParams(exchange.body).get('code')).toBe(leaked);
  });

  it('completes a sign-in started before the upgrade to PKCE, whose state has no verifier', async () => {
    const profile = profileFor(uniqueEmail('before-pkce'));
    google.signInAs(profile);
    const browser = gw.browser();
    const start = await browser.get('/auth/google').expect(302);
    // As the gateway before PKCE kept it and sent Google: no verifier, no challenge.
    const sessionId = /fc\.sid=s:([^.;]+)/.exec(decodeURIComponent(String(start.headers['set-cookie'])))![1]!;
    const key = `${gw.env.REDIS_KEY_PREFIX}sess:${sessionId}`;
    const session = JSON.parse((await gw.redis.get(key))!) as { googleStates: { verifier?: string }[] };
    for (const pending of session.googleStates) delete pending.verifier;
    await gw.redis.set(key, JSON.stringify(session), { KEEPTTL: true });
    const consent = new URL(start.headers.location!);
    consent.searchParams.delete('code_challenge');
    consent.searchParams.delete('code_challenge_method');
    const callback = new URL((await fetch(consent, { redirect: 'manual' })).headers.get('location')!);
    expect((await browser.get(callback.pathname + callback.search).expect(302)).headers.location).toBe('/');
    expect((await browser.get('/api/user').expect(200)).body).toMatchObject({ email: profile.email });
  });
});

describe('Google sign-in without GOOGLE_CLIENT_ID', () => {
  it('redirects to /auth with a readable reason', async () => {
    const gw = await startTestGateway({ GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '' });
    try {
      const res = await gw.request().get('/auth/google').expect(302);
      expect(res.headers.location).toBe('/auth?error=not_configured');
    } finally {
      await gw.close();
    }
  });
});
