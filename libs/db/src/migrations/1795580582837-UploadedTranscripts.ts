import { MigrationInterface, QueryRunner } from 'typeorm';

export class UploadedTranscripts1795580582837 implements MigrationInterface {
  name = 'UploadedTranscripts1795580582837';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "uploaded_transcripts" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "youtube_id" character varying(11) NOT NULL, "transcript_data" text NOT NULL, "source_name" character varying(255) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3cb31382a5230e0977c43f51066" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_uploaded_transcripts_user_youtube" ON "uploaded_transcripts"  ("user_id", "youtube_id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "uploaded_transcripts" ADD CONSTRAINT "FK_098f9da01d1bb36504c6412d8ff" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "uploaded_transcripts" DROP CONSTRAINT "FK_098f9da01d1bb36504c6412d8ff"`);
    await queryRunner.query(`DROP INDEX "public"."uq_uploaded_transcripts_user_youtube"`);
    await queryRunner.query(`DROP TABLE "uploaded_transcripts"`);
  }
}
