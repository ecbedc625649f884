import { MigrationInterface, QueryRunner } from 'typeorm';

export class AnalysisRunId1795600000000 implements MigrationInterface {
  name = 'AnalysisRunId1795600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user_video_analysis" ADD "analysis_run_id" uuid`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user_video_analysis" DROP COLUMN "analysis_run_id"`);
  }
}
