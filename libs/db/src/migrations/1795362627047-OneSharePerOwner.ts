import { MigrationInterface, QueryRunner } from 'typeorm';

export class OneSharePerOwner1795362627047 implements MigrationInterface {
  name = 'OneSharePerOwner1795362627047';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_shared_analysis_guest_youtube"`);
    await queryRunner.query(`DROP INDEX "public"."ix_shared_analysis_user_youtube"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_shared_analysis_guest_youtube" ON "shared_analysis"  ("guest_session_id", "youtube_id") WHERE "user_id" IS NULL AND "guest_session_id" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_shared_analysis_user_youtube" ON "shared_analysis"  ("user_id", "youtube_id") WHERE "user_id" IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."uq_shared_analysis_user_youtube"`);
    await queryRunner.query(`DROP INDEX "public"."uq_shared_analysis_guest_youtube"`);
    await queryRunner.query(
      `CREATE INDEX "ix_shared_analysis_user_youtube" ON "shared_analysis" USING btree ("user_id", "youtube_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_shared_analysis_guest_youtube" ON "shared_analysis" USING btree ("guest_session_id", "youtube_id") `,
    );
  }
}
