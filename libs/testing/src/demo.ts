import { envInt } from '@findclips/config';
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
  const youtube = await startFakeYoutube();
  addDemoVideos(youtube);
  const stack = await startStack({
    port,
    realtimePort,
    workerMetricsPort,
    output: 'inherit',
    env: {
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
      'YouTube is played by a local fake serving sample transcripts; clips embed youtube-nocookie.com,',
      'so they play only with internet access. Ctrl+C stops everything.',
      '',
    ].join('\n'),
  );
  const stop = async () => {
    await stack.stop();
    await youtube.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  process.stderr.write(`demo failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
