import type { AddressInfo } from 'node:net';
import { Counter } from 'prom-client';
import { createMetricsRegistry, metricsServer } from './metrics';

describe('metrics endpoint', () => {
  async function serve(token?: string) {
    const registry = createMetricsRegistry('unit');
    new Counter({ name: 'things_total', help: 'Things', registers: [registry] }).inc(3);
    const server = metricsServer(registry, token);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { url, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('serves the Prometheus text format with process metrics, labelled with the service', async () => {
    const { url, close } = await serve();
    try {
      const res = await fetch(`${url}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      expect(text).toContain('things_total{service="unit"} 3');
      expect(text).toMatch(/^process_resident_memory_bytes\{service="unit"\} \d+/m);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds\{service="unit"\}/m);
      expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: 'ok' });
      const missing = await fetch(`${url}/nope`);
      expect([missing.status, await missing.json()]).toEqual([404, { message: 'Not found' }]);
    } finally {
      await close();
    }
  });

  it('answers only the bearer of METRICS_TOKEN when one is set', async () => {
    const { url, close } = await serve('scrape-secret-123');
    try {
      const anonymous = await fetch(`${url}/metrics`);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ message: 'Metrics need the METRICS_TOKEN bearer token' });
      expect((await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
      const scraper = await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer scrape-secret-123' } });
      expect(scraper.status).toBe(200);
      expect(await scraper.text()).toContain('things_total');
      // The scheme's name in any case, as RFC 9110 has it.
      expect((await fetch(`${url}/metrics`, { headers: { authorization: 'bearer scrape-secret-123' } })).status).toBe(200);
    } finally {
      await close();
    }
  });
});
