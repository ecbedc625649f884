import { MigrationInterface, QueryRunner } from 'typeorm';

export class AnalysisJobId1795600000000 implements MigrationInterface {
  name = 'AnalysisJobId1795600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user_video_analysis" ADD "analysis_job_id" character varying(64)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user_video_analysis" DROP COLUMN "analysis_job_id"`);
  }
}
