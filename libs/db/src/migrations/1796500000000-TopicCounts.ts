import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each stored analysis keeps its number of topics beside them, so that a member's history counts
 * them without reading every analysis (5,000 videos were 66 MB of topics read and parsed at each
 * visit). Existing rows are counted once here: text that is not a JSON list counts 0, as it reads
 * as no topics.
 */
export class TopicCounts1796500000000 implements MigrationInterface {
  name = 'TopicCounts1796500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "cached_youtube_data" ADD "topic_count" integer`);
    await queryRunner.query(`ALTER TABLE "user_video_analysis" ADD "topic_count" integer`);
    await queryRunner.query(`ALTER TABLE "analysis_edits" ADD "topic_count" integer`);
    await queryRunner.query(
      `CREATE FUNCTION pg_temp.topic_count(topics text) RETURNS integer LANGUAGE plpgsql AS $$
       BEGIN
         RETURN CASE WHEN json_typeof(topics::json) = 'array' THEN json_array_length(topics::json) ELSE 0 END;
       EXCEPTION WHEN others THEN
         RETURN 0;
       END $$`,
    );
    await queryRunner.query(
      `UPDATE "cached_youtube_data" SET "topic_count" = pg_temp.topic_count("analyzed_topics") WHERE "analyzed_topics" IS NOT NULL`,
    );
    await queryRunner.query(`UPDATE "user_video_analysis" SET "topic_count" = pg_temp.topic_count("analyzed_topics")`);
    await queryRunner.query(`UPDATE "analysis_edits" SET "topic_count" = pg_temp.topic_count("edited_topics")`);
    await queryRunner.query(`DROP FUNCTION pg_temp.topic_count(text)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "analysis_edits" DROP COLUMN "topic_count"`);
    await queryRunner.query(`ALTER TABLE "user_video_analysis" DROP COLUMN "topic_count"`);
    await queryRunner.query(`ALTER TABLE "cached_youtube_data" DROP COLUMN "topic_count"`);
  }
}
