import express, { Router } from 'express';
import { allowedMethods } from './allowed-methods';

describe('the methods the routes take on a path', () => {
  it('reads them through routers, with parameters, and a route for every method refuses none', () => {
    const app = express();
    const inner = Router();
    inner.get('/api/things/:id', () => undefined);
    inner.delete('/api/things/:id', () => undefined);
    inner.all('/api/any', () => undefined);
    app.use(inner);
    app.post('/api/things', () => undefined);
    const allowed = allowedMethods(app);
    expect(allowed('/api/things/abc')).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS']);
    expect(allowed('/api/things')).toEqual(['OPTIONS', 'POST']);
    expect(allowed('/api/any')).toEqual([]);
    expect(allowed('/api/nothing')).toEqual([]);
  });

  it('refuses to start with a router mounted under a path, whose routes it would read without it', () => {
    const app = express();
    const inner = Router();
    inner.get('/things', () => undefined);
    app.use('/api', inner);
    expect(() => allowedMethods(app)).toThrow('allowedMethods reads routers mounted at / only');
  });
});
