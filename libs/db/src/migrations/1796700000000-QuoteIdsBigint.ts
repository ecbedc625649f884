import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A member's quotes are written anew with each analysis of the video, each taking a new id: at
 * 20 quotes an analysis, 100,000 analyses a day ran through PostgreSQL's integers in three years
 * (a stranger's database audit). Their ids, and the scheduled posts' references to them, become
 * bigints, in place (the generated migration dropped the columns and their values). The table is
 * rewritten under its lock: its writes wait meanwhile.
 */
export class QuoteIdsBigint1796700000000 implements MigrationInterface {
  name = 'QuoteIdsBigint1796700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "quotes" ALTER COLUMN "id" TYPE bigint`);
    await queryRunner.query(`ALTER SEQUENCE "quotes_id_seq" AS bigint`);
    await queryRunner.query(`ALTER TABLE "scheduled_posts" ALTER COLUMN "quote_id" TYPE bigint`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "scheduled_posts" ALTER COLUMN "quote_id" TYPE integer`);
    await queryRunner.query(`ALTER SEQUENCE "quotes_id_seq" AS integer`);
    await queryRunner.query(`ALTER TABLE "quotes" ALTER COLUMN "id" TYPE integer`);
  }
}
