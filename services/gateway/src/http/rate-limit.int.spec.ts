import { strongPassword, uniqueEmail } from '@findclips/testing';
import { startTestGateway } from '../test/harness';

/**
 * What a client refused by a rate limit sees: the 429's message word for word, a Retry-After it can
 * wait on, and that the limit holds back only whom it counts (one network, one member), no one else.
 */
describe('rate limits, as a refused client sees them', () => {
  it('refuses a network past its failed logins with Retry-After and "1 minute", not other networks nor the account', async () => {
    // Behind a proxy the client's address is X-Forwarded-For's: two networks, one account.
    const gw = await startTestGateway({ TRUST_PROXY: '1', LOGIN_LIMIT_PER_IP: '2', AUTH_RATE_WINDOW_SECONDS: '60' });
    try {
      const email = uniqueEmail('limited');
      const password = strongPassword();
      await gw.request().post('/api/register').set('X-Forwarded-For', '192.0.2.10').send({ email, password }).expect(201);
      const attacker = () => gw.request().post('/api/login').set('X-Forwarded-For', '203.0.113.5');
      for (const guess of ['wrong-1', 'wrong-2']) await attacker().send({ email, password: guess }).expect(401);

      const refused = await attacker().send({ email, password: 'wrong-3' }).expect(429);
      expect(refused.body).toEqual({
        message: 'Too many failed login attempts. Please try again in 1 minute.',
        errorType: 'RATE_LIMITED',
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);

      // Another network is not held back by this one's failures, and the account is not locked out.
      await gw
        .request()
        .post('/api/login')
        .set('X-Forwarded-For', '198.51.100.7')
        .send({ email, password: 'wrong-4' })
        .expect(401);
      await gw.request().post('/api/login').set('X-Forwarded-For', '198.51.100.7').send({ email, password }).expect(200);
    } finally {
      await gw.close();
    }
  });

  it("counts password checks per member: one member's checks used up leave another's on the same network", async () => {
    const gw = await startTestGateway({ PASSWORD_CHECK_LIMIT_PER_USER: '2' });
    try {
      const [first, second] = [gw.browser(), gw.browser()];
      await first.post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(201);
      await second.post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(201);
      for (const guess of ['guess-1', 'guess-2'])
        await first.post('/api/verify-password').send({ password: guess }).expect(200, { isValid: false });

      const refused = await first.post('/api/verify-password').send({ password: 'guess-3' }).expect(429);
      expect(refused.body).toEqual({
        message: 'Too many password checks. Please try again in 15 minutes.',
        errorType: 'RATE_LIMITED',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

      await second.post('/api/verify-password').send({ password: 'guess-1' }).expect(200, { isValid: false });
    } finally {
      await gw.close();
    }
  });
  it('says the minutes left in the window, not the whole window, to a network refused later in it', async () => {
    const gw = await startTestGateway({ LOGIN_LIMIT_PER_IP: '1', AUTH_RATE_WINDOW_SECONDS: '600' });
    try {
      await gw.request().post('/api/login').send({ email: uniqueEmail(), password: 'wrong' }).expect(401);
      const early = await gw.request().post('/api/login').send({ email: uniqueEmail(), password: 'wrong' }).expect(429);
      expect(early.body.message).toBe('Too many failed login attempts. Please try again in 10 minutes.');
      // Nine and a half minutes on: the window's counter (in Redis, shared by every instance) has 30 s left.
      const counters = [];
      for await (const batch of gw.redis.scanIterator({ MATCH: `${gw.env.REDIS_KEY_PREFIX}rl:login-ip:*` }))
        counters.push(...batch);
      expect(counters).toHaveLength(1);
      await gw.redis.pExpire(counters[0]!, 30_000);

      const late = await gw.request().post('/api/login').send({ email: uniqueEmail(), password: 'wrong' }).expect(429);
      expect(late.body).toEqual({
        message: 'Too many failed login attempts. Please try again in 1 minute.',
        errorType: 'RATE_LIMITED',
      });
      expect(Number(late.headers['retry-after'])).toBeLessThanOrEqual(30);
    } finally {
      await gw.close();
    }
  });
});
