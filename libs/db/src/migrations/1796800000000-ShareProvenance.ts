import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A share keeps which captions its topics came from and their language, as they were when it was
 * shared: read from the member's analysis at each visit, a share of YouTube's captions said it came
 * from the member's own once they re-analysed with those. Shares made before are given what their
 * pages said until now.
 */
export class ShareProvenance1796800000000 implements MigrationInterface {
  name = 'ShareProvenance1796800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "shared_analysis" ADD "transcript_source" character varying(16) NOT NULL DEFAULT 'youtube'`,
    );
    await queryRunner.query(`ALTER TABLE "shared_analysis" ADD "language" character varying(35)`);
    await queryRunner.query(
      `UPDATE "shared_analysis" s SET "transcript_source" = 'upload'
       FROM "user_video_analysis" a
       WHERE a."user_id" = s."user_id" AND a."youtube_id" = s."youtube_id" AND a."transcript_source" = 'upload'`,
    );
    await queryRunner.query(
      `UPDATE "shared_analysis" s SET "language" = c."language"
       FROM "cached_youtube_data" c
       WHERE c."youtube_id" = s."youtube_id" AND s."transcript_source" = 'youtube'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "shared_analysis" DROP COLUMN "language"`);
    await queryRunner.query(`ALTER TABLE "shared_analysis" DROP COLUMN "transcript_source"`);
  }
}
