import { MigrationInterface, QueryRunner } from 'typeorm';

export class AnalysisProvenance1795359116770 implements MigrationInterface {
  name = 'AnalysisProvenance1795359116770';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "cached_youtube_data" ADD "language" character varying(35)`);
    await queryRunner.query(`ALTER TABLE "cached_youtube_data" ADD "analysis_provider" character varying(16)`);
    await queryRunner.query(`ALTER TABLE "cached_youtube_data" ADD "analysis_model" character varying(100)`);
    await queryRunner.query(`ALTER TABLE "cached_youtube_data" ADD "error_type" character varying(40)`);
    await queryRunner.query(`ALTER TABLE "cached_youtube_data" ADD "error_message" text`);
    await queryRunner.query(`ALTER TABLE "user_video_analysis" ADD "analysis_provider" character varying(16)`);
    await queryRunner.query(`ALTER TABLE "user_video_analysis" ADD "analysis_model" character varying(100)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user_video_analysis" DROP COLUMN "analysis_model"`);
    await queryRunner.query(`ALTER TABLE "user_video_analysis" DROP COLUMN "analysis_provider"`);
    await queryRunner.query(`ALTER TABLE "cached_youtube_data" DROP COLUMN "error_message"`);
    await queryRunner.query(`ALTER TABLE "cached_youtube_data" DROP COLUMN "error_type"`);
    await queryRunner.query(`ALTER TABLE "cached_youtube_data" DROP COLUMN "analysis_model"`);
    await queryRunner.query(`ALTER TABLE "cached_youtube_data" DROP COLUMN "analysis_provider"`);
    await queryRunner.query(`ALTER TABLE "cached_youtube_data" DROP COLUMN "language"`);
  }
}
