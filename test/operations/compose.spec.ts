import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { commonEnvSchema, gatewayEnvSchema, parseEnv, realtimeEnvSchema, workerEnvSchema } from '@findclips/config';
import { parse } from 'yaml';
import type { z } from 'zod';

interface ComposeService {
  build?: { target: string };
  init?: boolean;
  healthcheck?: { test: string[] };
  environment?: Record<string, string>;
  ports?: string[];
  container_name?: string;
  stop_grace_period?: string;
  deploy?: { replicas?: number };
}

const compose = parse(readFileSync(join(__dirname, '..', '..', 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const schemas = { gateway: gatewayEnvSchema, realtime: realtimeEnvSchema, worker: workerEnvSchema, migrate: commonEnvSchema };
/** What compose passes: `${VAR:-fallback}` as its fallback, `${VAR:?message}` as a value that satisfies it. */
const interpolate = (value: string) =>
  String(value)
    .replace(/\$\{(\w+):-([^}]*)\}/g, (_m, _name, fallback: string) => fallback)
    .replace(/\$\{(\w+):\?[^}]*\}/g, (_m, name: string) =>
      name === 'PUBLIC_URL' ? 'https://clips.example.com' : 'a-session-secret-of-at-least-32-characters',
    );
const ours = Object.entries(compose.services).filter(([, s]) => s.build);
/** The variables a service's schema reads: the keys of the object under its transforms. */
function variablesOf(schema: z.ZodType): Set<string> {
  let inner = schema as unknown as { def: { type: string }; in?: unknown; shape?: Record<string, unknown> };
  while (inner.def.type === 'pipe') inner = inner.in as typeof inner;
  return new Set(Object.keys(inner.shape ?? {}));
}

describe('docker-compose.yml', () => {
  it.each(ours.map(([name, service]) => [name, service.build!.target] as const))(
    '%s (%s) gets only variables its service reads, and they parse',
    (name, target) => {
      const service = Object.fromEntries(ours)[name]!;
      const environment = Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(v)]));
      const schema = schemas[target as keyof typeof schemas];
      // Parses (an empty value, `${VAR:-}`, counts as unset) ...
      expect(() => parseEnv(target, schema, environment)).not.toThrow();
      // ... and names only variables the schema reads.
      const read = variablesOf(schema);
      for (const name of Object.keys(environment)) expect([target, name, read.has(name)]).toEqual([target, name, true]);
    },
  );

  it('forwards /socket.io to the realtime service by its name, which answers with every instance: it scales', () => {
    // One service, two instances unless scaled; Docker's DNS gives its name one address each, and
    // the gateway forwards to every address the name has.
    const realtimes = ours.filter(([, s]) => s.build!.target === 'realtime');
    expect(realtimes.map(([name]) => name)).toEqual(['realtime']);
    const [[name, realtime]] = realtimes as [[string, ComposeService]];
    expect(realtime.deploy?.replicas).toBe(2);
    expect([realtime.container_name, realtime.ports]).toEqual([undefined, undefined]);
    const gateway = parseEnv('gateway', gatewayEnvSchema, {
      REALTIME_URL: compose.services.gateway!.environment!.REALTIME_URL!,
    });
    expect(gateway.REALTIME_URL.map((url) => new URL(url).host)).toEqual([`${name}:${realtime.environment!.REALTIME_PORT}`]);
  });

  it("gives a stopping worker time to finish an attempt: a round of chunks, another, and a repair, at the provider's time limit", () => {
    const worker = compose.services.worker!;
    const environment = Object.fromEntries(Object.entries(worker.environment ?? {}).map(([k, v]) => [k, interpolate(v)]));
    const { PROVIDER_TIMEOUT_MS } = parseEnv('worker', workerEnvSchema, environment);
    const [, amount, unit] = /^(\d+)(s|m)$/.exec(worker.stop_grace_period ?? '')!;
    expect(Number(amount) * (unit === 'm' ? 60_000 : 1_000)).toBeGreaterThanOrEqual(3 * PROVIDER_TIMEOUT_MS);
  });

  it('has no password of its own: the database password comes from the environment, or compose refuses to start', () => {
    const raw = readFileSync(join(__dirname, '..', '..', 'docker-compose.yml'), 'utf8');
    expect(compose.services.postgres!.environment!.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
    for (const [name, service] of ours) {
      expect([name, new URL(interpolate(service.environment!.DATABASE_URL!)).password]).toEqual([
        name,
        interpolate('${POSTGRES_PASSWORD:?}'),
      ]);
    }
    expect(raw).not.toMatch(/findclips:findclips@/);
  });

  it("trusts the TLS proxy's hop for client addresses only where nobody else reaches the gateway's port", () => {
    const gateway = compose.services.gateway!;
    const env = parseEnv('gateway', gatewayEnvSchema, {
      ...Object.fromEntries(Object.entries(gateway.environment!).map(([k, v]) => [k, interpolate(v)])),
    });
    expect(env.TRUST_PROXY).toBe(1);
    expect(gateway.ports).toEqual(['127.0.0.1:${PORT:-3000}:3000']);
  });

  it('runs each of our services under an init, so a stop signal during start-up is not lost on PID 1', () => {
    for (const [name, service] of ours) expect([name, service.init]).toEqual([name, true]);
  });

  it("checks a worker's health on its metrics server, where it listens by default", () => {
    const { WORKER_METRICS_PORT } = parseEnv('worker', workerEnvSchema, {});
    expect(compose.services.worker!.healthcheck!.test.join(' ')).toContain(`http://127.0.0.1:${WORKER_METRICS_PORT}/healthz`);
  });

  it('lets workers scale: no fixed container name or host port', () => {
    const worker = compose.services.worker!;
    expect(worker.container_name).toBeUndefined();
    expect(worker.ports).toBeUndefined();
  });
});

describe('infra/Dockerfile', () => {
  const root = join(__dirname, '..', '..');
  const lines = readFileSync(join(root, 'infra', 'Dockerfile'), 'utf8').split('\n');
  const stages = lines.flatMap((line, i) => (/^FROM /.test(line) ? [i] : []));
  const build = lines.slice(stages[0], stages[1]);
  /** What the build stage has copied in before the line that runs `command`. */
  const copiedBefore = (command: string) => {
    const at = build.findIndex((line) => line.startsWith(`RUN ${command}`));
    expect(at).toBeGreaterThan(0);
    return build.slice(0, at).flatMap((line) => (/^COPY (?!--)/.test(line) ? line.split(/\s+/).slice(1, -1) : []));
  };
  // Every workspace of package.json, as npm expands its globs.
  const workspaces = (
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] }
  ).workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(join(root, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory() && existsSync(join(root, pattern.slice(0, -2), entry.name, 'package.json')))
          .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
      : [pattern],
  );

  it('installs every workspace: each package.json is in the image before npm ci', () => {
    expect(workspaces).toEqual(expect.arrayContaining(['web', 'services/gateway', 'libs/contracts']));
    const copied = copiedBefore('npm ci');
    for (const workspace of workspaces)
      expect([workspace, copied.includes(`${workspace}/package.json`)]).toEqual([workspace, true]);
  });

  it('builds every workspace, the web app the gateway serves too: each is in the image before npm run build', () => {
    const copied = copiedBefore('npm run build');
    const present = (workspace: string) => copied.some((source) => workspace === source || workspace.startsWith(`${source}/`));
    for (const workspace of workspaces) expect([workspace, present(workspace)]).toEqual([workspace, true]);
  });
});
