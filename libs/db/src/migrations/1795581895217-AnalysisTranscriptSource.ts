import { MigrationInterface, QueryRunner } from 'typeorm';

export class AnalysisTranscriptSource1795581895217 implements MigrationInterface {
  name = 'AnalysisTranscriptSource1795581895217';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user_video_analysis" ADD "transcript_source" character varying(16)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user_video_analysis" DROP COLUMN "transcript_source"`);
  }
}
