import { performance } from 'node:perf_hooks';
import type { Topic } from '@findclips/contracts';
import { createDataSource, MemberHistory } from '@findclips/db';
import { percentile, report } from './report';

/** A member with a long history: 5,000 videos, each analysed into 30 topics of 3 quotes (about 13 kB). */
const VIDEOS = 5_000;
const RUNS = 7;

const analysis: Topic[] = Array.from({ length: 30 }, (_, t) => ({
  id: `t${t}`,
  title: `A topic about subject number ${t} of this long conversation`,
  startTime: t * 120,
  endTime: t * 120 + 120,
  quotes: Array.from({ length: 3 }, (_q, q) => ({
    id: `q${t}-${q}`,
    content: 'What the guest said here, in one sentence long enough to be a clip worth sharing with a friend or two.',
    startTime: t * 120 + q * 30,
    endTime: t * 120 + q * 30 + 20,
  })),
}));

async function timed(run: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return { median: percentile(samples, 50), max: Math.max(...samples) };
}

/**
 * A member's history (GET /api/videos) with 5,000 videos: the number of topics stored beside each
 * analysis (stop 60), against the query before it, which read and parsed every analysis to count
 * them, on the same rows in the same run.
 */
it('a history of 5,000 videos, counted from the stored counts and by reading every analysis', async () => {
  const db = await createDataSource({ url: process.env.DATABASE_URL!, poolSize: 2 }).initialize();
  try {
    const [{ id: userId }] = await db.query(
      `INSERT INTO users (email) VALUES ('bench-history-${Date.now()}@example.com') RETURNING id`,
    );
    const topics = JSON.stringify(analysis);
    await db.query(
      `INSERT INTO cached_youtube_data (youtube_id, title, transcript_data, analyzed_topics, topic_count, analysis_status, duration_seconds)
       SELECT 'h' || lpad(i::text, 10, '0'), 'Talk ' || i, '[]', $1, $2, 'complete', 3600 FROM generate_series(1, $3) AS i
       ON CONFLICT DO NOTHING`,
      [topics, analysis.length, VIDEOS],
    );
    await db.query(
      `INSERT INTO videos (user_id, youtube_id, processed_at)
       SELECT $1, 'h' || lpad(i::text, 10, '0'), now() - make_interval(secs => i) FROM generate_series(1, $2) AS i`,
      [userId, VIDEOS],
    );
    const history = new MemberHistory(db);
    const rows = await history.list(userId, 'recent');
    expect(rows).toHaveLength(VIDEOS);
    expect(rows.every((row) => row.topicCount === analysis.length)).toBe(true);

    const stored = await timed(() => history.list(userId, 'recent'));
    // The query before stop 60: the analysis read beside each row, parsed to count its topics.
    const readAll = await timed(async () => {
      const all: { analyzed_topics: string }[] = await db.query(
        `SELECT v.id, c.analyzed_topics FROM videos v LEFT JOIN cached_youtube_data c ON c.youtube_id = v.youtube_id
          WHERE v.user_id = $1 ORDER BY v.processed_at DESC`,
        [userId],
      );
      return all.map((row) => (JSON.parse(row.analyzed_topics) as unknown[]).length);
    });
    report('history of 5,000 videos (30 topics each)', {
      'stored counts ms (median)': stored.median,
      'stored counts ms (max)': stored.max,
      'reading every analysis ms (median)': readAll.median,
      'MB of topics it read': (topics.length * VIDEOS) / 1e6,
    });
  } finally {
    await db.destroy();
  }
});
