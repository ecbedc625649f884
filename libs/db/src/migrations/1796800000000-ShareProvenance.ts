import { MigrationInterface, QueryRunner } from 'typeorm';

/** Rows written per statement: each takes its rows' locks for a moment only. */
const BATCH = 1_000;

/**
 * A share keeps which captions its topics came from and their language, as they were when it was
 * shared: read from the member's analysis at each visit, a share of YouTube's captions said it came
 * from the member's own once they re-analysed with those. Shares made before are given what their
 * pages said until now, except that mistake where it shows: a share last written before the member
 * brought their captions. The columns come at once (a default, no rewrite); existing rows are given
 * theirs a batch at a time, outside one long transaction, so shared pages keep opening meanwhile
 * (as TopicCounts does); each step may run again (a run stopped part way).
 */
export class ShareProvenance1796800000000 implements MigrationInterface {
  name = 'ShareProvenance1796800000000';
  transaction = false as const;

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "shared_analysis" ADD COLUMN IF NOT EXISTS "transcript_source" character varying(16) NOT NULL DEFAULT 'youtube'`,
    );
    await queryRunner.query(`ALTER TABLE "shared_analysis" ADD COLUMN IF NOT EXISTS "language" character varying(35)`);
    // Not a share last written before the member first brought captions of the video: its topics
    // can only be of YouTube's.
    await inBatches(
      queryRunner,
      `UPDATE "shared_analysis" SET "transcript_source" = 'upload' WHERE ctid IN (
         SELECT s.ctid FROM "shared_analysis" s
           JOIN "user_video_analysis" a ON a."user_id" = s."user_id" AND a."youtube_id" = s."youtube_id"
          WHERE s."transcript_source" = 'youtube' AND a."transcript_source" = 'upload'
            AND NOT EXISTS (SELECT 1 FROM "uploaded_transcripts" u
                            WHERE u."user_id" = s."user_id" AND u."youtube_id" = s."youtube_id" AND u."created_at" > s."updated_at")
          LIMIT ${BATCH})`,
    );
    await inBatches(
      queryRunner,
      `UPDATE "shared_analysis" s SET "language" = c."language"
         FROM "cached_youtube_data" c
        WHERE s.ctid IN (
          SELECT t.ctid FROM "shared_analysis" t JOIN "cached_youtube_data" d ON d."youtube_id" = t."youtube_id"
           WHERE t."transcript_source" = 'youtube' AND t."language" IS NULL AND d."language" IS NOT NULL
           LIMIT ${BATCH})
          AND c."youtube_id" = s."youtube_id"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "shared_analysis" DROP COLUMN IF EXISTS "language"`);
    await queryRunner.query(`ALTER TABLE "shared_analysis" DROP COLUMN IF EXISTS "transcript_source"`);
  }
}

/** Runs `update` until it changes no row. */
async function inBatches(queryRunner: QueryRunner, update: string): Promise<void> {
  for (;;) {
    // For an UPDATE, TypeORM's postgres driver answers [rows, affected].
    const [, changed]: [unknown, number] = await queryRunner.query(update);
    if (changed === 0) break;
  }
}
