import { MigrationInterface, QueryRunner } from 'typeorm';

export class AnalysisEdits1795578834640 implements MigrationInterface {
  name = 'AnalysisEdits1795578834640';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "analysis_edits" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "youtube_id" character varying(11) NOT NULL, "edited_topics" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_871391d51fab3c4402598245f6d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_analysis_edits_user_youtube" ON "analysis_edits"  ("user_id", "youtube_id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "analysis_edits" ADD CONSTRAINT "FK_b30b0734a547806dcefe35aa161" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "analysis_edits" DROP CONSTRAINT "FK_b30b0734a547806dcefe35aa161"`);
    await queryRunner.query(`DROP INDEX "public"."uq_analysis_edits_user_youtube"`);
    await queryRunner.query(`DROP TABLE "analysis_edits"`);
  }
}
