import { GUEST_ID_DAYS } from '@findclips/contracts';
import { createDataSource, GuestAnalyses } from '@findclips/db';
import { createLogger } from '@findclips/runtime';
import { until } from '@findclips/testing';
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import type { DataSource } from 'typeorm';
import { startHousekeeping } from './housekeeping';

describe("a worker's housekeeping", () => {
  let dataSource: DataSource;
  beforeAll(async () => {
    dataSource = await createDataSource({ url: process.env.DATABASE_URL!, poolSize: 2 }).initialize();
  });
  afterAll(() => dataSource?.destroy());

  /** A guest's analysed video, `daysAgo` days ago. */
  const analysed = async (daysAgo: number) => {
    const guest = randomBytes(16).toString('base64url');
    await dataSource.query(
      `INSERT INTO guest_video_analysis (guest_session_id, youtube_id, analysed_at) VALUES ($1, 'keepOrForgt', now() - make_interval(days => $2))`,
      [guest, daysAgo],
    );
    return guest;
  };

  it('forgets what guests analysed once their guest id has expired, and keeps what a live one did', async () => {
    const guests = new GuestAnalyses(dataSource);
    const [expired, older, live] = [
      await analysed(GUEST_ID_DAYS + 1),
      await analysed(GUEST_ID_DAYS + 400),
      await analysed(GUEST_ID_DAYS - 1),
    ];
    const stop = startHousekeeping(dataSource, createLogger('worker', 'silent'), { firstMs: 0 });
    try {
      await until(async () => (await guests.list(expired)).length === 0 && (await guests.list(older)).length === 0, 5_000);
      expect(await guests.list(live)).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it('runs again every period, past a run the database failed, until stopped', async () => {
    const guests = new GuestAnalyses(dataSource);
    const warnings: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line).msg) });
    // A connection of its own, which the test takes away for a while.
    const own = await createDataSource({ url: process.env.DATABASE_URL!, poolSize: 1 }).initialize();
    const stop = startHousekeeping(own, logger, { firstMs: 0, everyMs: 100 });
    try {
      const first = await analysed(GUEST_ID_DAYS + 1);
      await until(async () => (await guests.list(first)).length === 0, 5_000, 'a first run');
      await own.destroy();
      await until(() => warnings.includes('housekeeping failed: it runs again later'), 5_000, 'a failed run said');
      await own.initialize();
      const later = await analysed(GUEST_ID_DAYS + 1);
      await until(async () => (await guests.list(later)).length === 0, 5_000, 'a run after the failed one');
    } finally {
      stop();
    }
    // Stopped, it runs no more: without its connection, a run would say it failed.
    await own.destroy();
    const said = warnings.length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(warnings).toHaveLength(said);
  });

  it('forgets a batch at a time, all of them', async () => {
    const guests = await Promise.all(Array.from({ length: 5 }, () => analysed(GUEST_ID_DAYS + 2)));
    const cutoff = new Date(Date.now() - GUEST_ID_DAYS * 24 * 60 * 60 * 1000);
    expect(await new GuestAnalyses(dataSource).forgetBefore(cutoff, 2)).toBeGreaterThanOrEqual(5);
    for (const guest of guests) expect(await new GuestAnalyses(dataSource).list(guest)).toEqual([]);
  });
});
