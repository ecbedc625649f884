import { MigrationInterface, QueryRunner } from 'typeorm';

/** Rows counted per statement: each takes its rows' locks for a moment only. */
const BATCH = 1_000;

/**
 * Each stored analysis keeps its number of topics beside them, so that a member's history counts
 * them without reading every analysis (5,000 videos were 66 MB of topics read and parsed at each
 * visit). Existing rows are counted here, a batch at a time and outside one long transaction, so
 * the tables stay in use meanwhile; a list counts its items, text that is not a list 0 (it reads as
 * no topics). A row a service not yet updated writes meanwhile has no count: the history counts it
 * itself. Each step may run again (the run stopped part way).
 */
export class TopicCounts1796500000000 implements MigrationInterface {
  name = 'TopicCounts1796500000000';
  transaction = false as const;

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['cached_youtube_data', 'user_video_analysis', 'analysis_edits'])
      await queryRunner.query(`ALTER TABLE "${table}" ADD COLUMN IF NOT EXISTS "topic_count" integer`);
    await queryRunner.query(
      `CREATE OR REPLACE FUNCTION pg_temp.topic_count(topics text) RETURNS integer LANGUAGE plpgsql AS $$
       BEGIN
         RETURN CASE WHEN json_typeof(topics::json) = 'array' THEN json_array_length(topics::json) ELSE 0 END;
       EXCEPTION WHEN others THEN
         RETURN 0;
       END $$`,
    );
    for (const [table, column] of [
      ['cached_youtube_data', 'analyzed_topics'],
      ['user_video_analysis', 'analyzed_topics'],
      ['analysis_edits', 'edited_topics'],
    ]) {
      for (;;) {
        // For an UPDATE, TypeORM's postgres driver answers [rows, affected].
        const [, counted]: [unknown, number] = await queryRunner.query(
          `UPDATE "${table}" SET "topic_count" = pg_temp.topic_count("${column}")
            WHERE ctid IN (SELECT ctid FROM "${table}" WHERE "topic_count" IS NULL AND "${column}" IS NOT NULL LIMIT ${BATCH})`,
        );
        if (counted === 0) break;
      }
    }
    await queryRunner.query(`DROP FUNCTION pg_temp.topic_count(text)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "analysis_edits" DROP COLUMN "topic_count"`);
    await queryRunner.query(`ALTER TABLE "user_video_analysis" DROP COLUMN "topic_count"`);
    await queryRunner.query(`ALTER TABLE "cached_youtube_data" DROP COLUMN "topic_count"`);
  }
}
