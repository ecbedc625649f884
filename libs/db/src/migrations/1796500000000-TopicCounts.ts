import { MigrationInterface, QueryRunner } from 'typeorm';

/** Rows counted per statement: each takes its rows' locks for a moment only. */
const BATCH = 1_000;

/** The tables that store topics, and the column that holds them. */
const TOPICS = [
  ['cached_youtube_data', 'analyzed_topics'],
  ['user_video_analysis', 'analyzed_topics'],
  ['analysis_edits', 'edited_topics'],
] as const;

/**
 * Each stored analysis keeps its number of topics beside them, so that a member's history counts
 * them without reading every analysis (5,000 videos were 66 MB of topics read and parsed at each
 * visit). The database counts them, by a trigger, whoever writes the topics: the services of the
 * version before, still running during a deploy, as well. A list counts its items, other text 0
 * (it reads as no topics). Existing rows are counted a batch at a time, outside one long
 * transaction, so the tables stay in use meanwhile; each step may run again (a run stopped part way).
 */
export class TopicCounts1796500000000 implements MigrationInterface {
  name = 'TopicCounts1796500000000';
  transaction = false as const;

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE OR REPLACE FUNCTION "findclips_topic_count"(topics text) RETURNS integer LANGUAGE plpgsql IMMUTABLE AS $$
       BEGIN
         IF topics IS NULL THEN RETURN NULL; END IF;
         RETURN CASE WHEN json_typeof(topics::json) = 'array' THEN json_array_length(topics::json) ELSE 0 END;
       EXCEPTION WHEN others THEN
         RETURN 0;
       END $$`,
    );
    for (const [table, column] of TOPICS) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD COLUMN IF NOT EXISTS "topic_count" integer`);
      await queryRunner.query(
        `CREATE OR REPLACE FUNCTION "findclips_count_${table}"() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           NEW."topic_count" := "findclips_topic_count"(NEW."${column}");
           RETURN NEW;
         END $$`,
      );
      await queryRunner.query(
        `CREATE OR REPLACE TRIGGER "topic_count" BEFORE INSERT OR UPDATE OF "${column}" ON "${table}"
         FOR EACH ROW EXECUTE FUNCTION "findclips_count_${table}"()`,
      );
    }
    for (const [table, column] of TOPICS) {
      for (;;) {
        // For an UPDATE, TypeORM's postgres driver answers [rows, affected].
        const [, counted]: [unknown, number] = await queryRunner.query(
          `UPDATE "${table}" SET "topic_count" = "findclips_topic_count"("${column}")
            WHERE ctid IN (SELECT ctid FROM "${table}" WHERE "topic_count" IS NULL AND "${column}" IS NOT NULL LIMIT ${BATCH})`,
        );
        if (counted === 0) break;
      }
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table] of TOPICS) {
      await queryRunner.query(`DROP TRIGGER IF EXISTS "topic_count" ON "${table}"`);
      await queryRunner.query(`DROP FUNCTION IF EXISTS "findclips_count_${table}"()`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN IF EXISTS "topic_count"`);
    }
    await queryRunner.query(`DROP FUNCTION IF EXISTS "findclips_topic_count"(text)`);
  }
}
