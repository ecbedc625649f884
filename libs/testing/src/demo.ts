import { commonEnvSchema, envInt, parseEnv } from '@findclips/config';
import { migrate, missingServers } from '@findclips/db';
import { demoStorage, ensurePortFree } from './demo-env';
import { startFakeYoutube } from './fake-youtube';
import { DEMO_VIDEOS, addDemoVideos } from './demo-videos';
import { startStack } from './stack';

/**
 * `npm run demo`: the whole stack as `npm start` runs it, with a fake YouTube on 127.0.0.1
 * serving our own sample transcripts and the built-in analyzer, so the product works end to end
 * without internet access or AI keys.
 */
async function main() {
  // As `npm start` reads them when they are set; otherwise 3000 for the app and free ports for the
  // others, so that the demo starts beside anything already listening. Checked before anything starts.
  // (By the services' own rule for a port, so the demo takes what they would.)
  const portOf = (name: string) => {
    const value = process.env[name];
    if (!value) return undefined;
    const port = envInt(0, 0, 65535).safeParse(value);
    if (!port.success) throw new Error(`${name} must be a port number (0-65535), not '${value}'`);
    return port.data || undefined;
  };
  const realtimePort = portOf('REALTIME_PORT');
  const workerMetricsPort = portOf('WORKER_METRICS_PORT');
  const port = portOf('PORT') ?? 3000;
  for (const [given, name] of [
    [port, 'PORT'],
    [realtimePort, 'REALTIME_PORT'],
    [workerMetricsPort, 'WORKER_METRICS_PORT'],
  ] as const) {
    if (given !== undefined) await ensurePortFree(given, name);
  }
  // Its own database and Redis prefix (see demoStorage), created and migrated here.
  const storage = demoStorage(process.env);
  const { REDIS_URL } = parseEnv('demo', commonEnvSchema, process.env);
  const missing = await missingServers({ DATABASE_URL: storage.DATABASE_URL, REDIS_URL });
  if (missing.length) throw new Error(missing.join('\n'));
  await migrate(storage.DATABASE_URL);
  const youtube = await startFakeYoutube();
  addDemoVideos(youtube);
  const stack = await startStack({
    port,
    realtimePort,
    workerMetricsPort,
    output: 'inherit',
    env: {
      ...storage,
      YOUTUBE_BASE_URL: youtube.url,
      ANALYSIS_DEFAULT_PROVIDER: 'local',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
    },
  });
  const app = `http://localhost:${port}`;
  process.stdout.write(
    [
      '',
      `Find Clips demo: open ${app} and paste one of these links:`,
      ...DEMO_VIDEOS.map((video) => `  https://www.youtube.com/watch?v=${video.id}   ${video.title}`),
      '',
      'YouTube is played by a local fake serving sample transcripts: other links are unavailable here.',
      'Clips embed youtube-nocookie.com, so they play only with internet access. The CLI reads the same',
      `fake: YOUTUBE_BASE_URL=${youtube.url} npm run -s analyze -- ${DEMO_VIDEOS[0]!.id}`,
      `Data: ${storage.DATABASE_URL.replace(/\/\/[^@/]*@/, '//')}, Redis keys under '${storage.REDIS_KEY_PREFIX}'. Ctrl+C stops everything.`,
      '',
    ].join('\n'),
  );
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await stack.stop();
    await youtube.close();
    process.exit(code);
  };
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));
  // A service that stops by itself stops the demo, saying which: its links would lead nowhere.
  for (const service of [stack.gateway, ...stack.realtimes, ...stack.workers]) {
    service.child.once('exit', (code, signal) => {
      if (stopping) return;
      process.stderr.write(`demo stopped: the ${service.name} exited (${signal ?? `code ${code}`})\n`);
      void stop(1);
    });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`demo failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
