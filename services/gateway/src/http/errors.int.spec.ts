import { createDataSource } from '@findclips/db';
import express from 'express';
import supertest from 'supertest';
import { startTestGateway, type TestGateway } from '../test/harness';
import { errorHandler } from './errors';

/** How the error handler answers what the other specs leave out, as a caller reads it. */
describe('error answers', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway();
  });
  afterAll(() => gw.close());

  it('answers a body in an encoding or charset it cannot read with 415 and a message', async () => {
    const encoding = await gw
      .request()
      .post('/api/login')
      .set('content-type', 'application/json')
      .set('content-encoding', 'compress')
      .send('{}')
      .expect(415);
    expect(encoding.body).toEqual({ message: 'Unsupported content encoding' });
    const charset = await gw
      .request()
      .post('/api/login')
      .set('content-type', 'application/json; charset=x-no-such-charset')
      .send('{}')
      .expect(415);
    expect(charset.body).toEqual({ message: 'Unsupported charset' });
  });

  it('answers an address with a malformed %-escape with a 400 saying so', async () => {
    const res = await gw.request().get('/api/cached-videos/%E0%A4%A').expect(400);
    expect(res.body).toEqual({ message: 'The address is not valid: it has a malformed %-escape', errorType: 'VALIDATION_ERROR' });
  });

  it('answers 503 when its database pool has been ended (a shutdown), not 500', async () => {
    // A pool of its own: the other tests' stays open.
    const dataSource = await createDataSource({ url: process.env.DATABASE_URL!, poolSize: 1 }).initialize();
    const ending = await startTestGateway({}, { dataSource });
    const pool = (dataSource.driver as unknown as { master: { end(): Promise<void> } }).master;
    await pool.end();
    try {
      const res = await ending.request().post('/api/login').send({ email: 'ada@example.com', password: 'correct horse battery' });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        message: 'The service is temporarily unavailable. Please try again shortly.',
        errorType: 'SERVICE_UNAVAILABLE',
      });
    } finally {
      await ending.close();
    }
  });

  it("answers 400 when PostgreSQL refuses the caller's text as JSON (22P05), not 500", async () => {
    const app = express();
    app.get('/echo', (_req, res, next) => {
      gw.dataSource.query('SELECT $1::jsonb AS value', ['{"a": "\\u0000"}']).then((rows) => res.json(rows), next);
    });
    app.use(errorHandler);
    const res = await supertest(app).get('/echo').expect(400);
    expect(res.body).toEqual({ message: 'The request contains characters that cannot be stored', errorType: 'VALIDATION_ERROR' });
  });
});
