// Writing a row that is there already spends no id: the tables' integers last as long as their rows.
import { randomUUID } from 'node:crypto';
import type { Topic } from '@findclips/contracts';
import { AnalysisEdits } from './analysis-edits';
import { dropDatabase } from './create-database';
import { createDataSource } from './data-source';
import { MemberAnalyses } from './member-analyses';
import { MemberHistory } from './member-history';
import { migrate } from './migrate';
import { Shares } from './shares';

const topics: Topic[] = [
  { id: 't1', title: 'A topic', startTime: 0, endTime: 30, quotes: [{ id: 'q1', content: 'Said.', startTime: 1, endTime: 9 }] },
];

describe("the tables' ids", () => {
  it('are spent by new rows only: a video opened again, an edit, a re-analysis, a share made again take none', async () => {
    // A database of its own: the ids other tests spend meanwhile are not counted.
    const url = process.env.DATABASE_URL!.replace(/\/[^/]+$/, `/findclips_sequences_${process.pid}_${Date.now()}`);
    await migrate(url);
    const db = await createDataSource({ url, poolSize: 2 }).initialize();
    try {
      const [user] = (await db.query(`INSERT INTO users (email) VALUES ($1) RETURNING id`, [`${randomUUID()}@example.com`])) as {
        id: number;
      }[];
      const userId = user!.id;
      const history = new MemberHistory(db);
      const video = { title: 'A talk', thumbnailUrl: null };
      for (let i = 0; i < 3; i++) await history.add(userId, 'seqVideo001', video);
      for (let i = 0; i < 2; i++) await history.recordAnalysis(userId, 'seqVideo001', video, topics);
      await history.add(userId, 'seqVideo002', video);
      const edits = new AnalysisEdits(db);
      for (let i = 0; i < 3; i++)
        await edits.edit(
          userId,
          'seqVideo001',
          async () => topics,
          (list) => list.map((topic) => ({ ...topic, title: `Renamed ${i}` })),
        );
      const analyses = new MemberAnalyses(db);
      for (let i = 0; i < 3; i++)
        await analyses.save(userId, 'seqVideo001', topics, {
          provider: 'local',
          model: 'local',
          transcriptSource: 'youtube',
          runId: null,
        });
      const shares = new Shares(db);
      for (let i = 0; i < 3; i++) {
        expect(
          (
            await shares.upsert(
              { userId },
              { transcriptSource: 'youtube', language: null, youtubeId: 'seqVideo001', topics, title: `Mine ${i}` },
            )
          ).created,
        ).toBe(i === 0);
        expect(
          (
            await shares.upsert(
              { guestSessionId: 'seq-guest-00001' },
              { transcriptSource: 'youtube', language: null, youtubeId: 'seqVideo001', topics },
            )
          ).created,
        ).toBe(i === 0);
      }
      // The share made again keeps its id and takes the new title.
      expect(await db.query(`SELECT title FROM shared_analysis WHERE user_id = $1`, [userId])).toEqual([{ title: 'Mine 2' }]);

      const spent = async (table: string) =>
        ((await db.query(`SELECT last_value AS spent FROM ${table}_id_seq`)) as { spent: string }[])[0]!.spent;
      expect({
        videos: await spent('videos'),
        analysis_edits: await spent('analysis_edits'),
        user_video_analysis: await spent('user_video_analysis'),
        shared_analysis: await spent('shared_analysis'),
      }).toEqual({ videos: '2', analysis_edits: '1', user_video_analysis: '1', shared_analysis: '2' });
    } finally {
      await db.destroy();
      await dropDatabase(url);
    }
  });
});
