import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A member's quotes are written anew with each analysis of the video, each taking a new id: at
 * 20 quotes an analysis, 100,000 analyses a day ran through PostgreSQL's integers in three years
 * (a stranger's database audit). Their ids, and the scheduled posts' references to them, become
 * bigints, in place (the generated migration dropped the columns and their values). Both tables are
 * rewritten under an exclusive lock: their reads and writes wait meanwhile (the worker's history
 * writes wait for the database, a member's deletion fails). The lock is waited for 10 s at most,
 * so that a long transaction holding the table fails the migration rather than queue every query
 * behind it; run it again once that transaction is gone.
 */
export class QuoteIdsBigint1796700000000 implements MigrationInterface {
  name = 'QuoteIdsBigint1796700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`SET LOCAL lock_timeout = '10s'`);
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
