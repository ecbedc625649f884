import { request as httpRequest, createServer } from 'node:http';
import { connect } from 'node:net';
import { once } from 'node:events';

interface ForwardProxy {
  url: string;
  /** host:port of every tunnel or request that went through. */
  seen: string[];
  close(): Promise<void>;
}

/**
 * An HTTP forward proxy on 127.0.0.1 (CONNECT tunnels and absolute-URI requests), for proxy tests.
 * Whatever host is asked for, it connects to 127.0.0.1 on the asked port, so a test can use a host
 * name that does not resolve and thereby prove that every request went through the proxy.
 */
export async function startForwardProxy(): Promise<ForwardProxy> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    const target = new URL(req.url ?? '');
    seen.push(target.host);
    target.hostname = '127.0.0.1';
    const upstream = httpRequest(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', (req, client, head) => {
    const [host, port] = (req.url ?? '').split(':');
    seen.push(req.url ?? '');
    void host;
    const upstream = connect(Number(port), '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: async () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
