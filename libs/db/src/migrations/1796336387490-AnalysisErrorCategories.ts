import { MigrationInterface, QueryRunner } from 'typeorm';

export class AnalysisErrorCategories1796336387490 implements MigrationInterface {
  name = 'AnalysisErrorCategories1796336387490';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "cached_youtube_data" ADD "error_categories" text array`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "cached_youtube_data" DROP COLUMN "error_categories"`);
  }
}
