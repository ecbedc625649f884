import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A member's quotes are written anew with each analysis of the video, each taking a new id: at
 * 20 quotes an analysis, 100,000 analyses a day ran through PostgreSQL's integers in three years
 * (a stranger's database audit). Their ids, and the scheduled posts' references to them, become
 * bigints, in place (the generated migration dropped the columns and their values). Both tables are
 * rewritten under an exclusive lock: their reads and writes wait meanwhile (the worker's history
 * writes wait for the database, a member's deletion fails). The lock is waited for as every
 * migration's is (migrate.ts: 2 s at a time, then again after a pause), so that a long transaction
 * holding the table (a backup) does not queue every query behind it. (Its own 10 s wait, kept when
 * the migrations began to try again, held the quotes' reads and writes 10 s at each try.)
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
