import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The history's rows are read by member and video (`uq_videos_user_youtube`); the index on the
 * video alone served no query and was written at each history insert (1.66 MB at 200,000 rows,
 * never scanned: a stranger's data-growth audit).
 */
export class DropUnusedVideosIndex1796600000000 implements MigrationInterface {
  name = 'DropUnusedVideosIndex1796600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "public"."IDX_32ec610616dbadc79a7005d625"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS "IDX_32ec610616dbadc79a7005d625" ON "videos" ("youtube_id")`);
  }
}
