import { MigrationInterface, QueryRunner } from 'typeorm';

export class Init1795356686030 implements MigrationInterface {
  name = 'Init1795356686030';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "public"."analysis_status" AS ENUM('pending', 'analyzing', 'complete', 'failed')`);
    await queryRunner.query(
      `CREATE TABLE "cached_youtube_data" ("id" SERIAL NOT NULL, "youtube_id" character varying(11) NOT NULL, "title" text, "thumbnail_url" text, "description" text, "channel_title" text, "transcript_data" text NOT NULL, "analyzed_topics" text, "analysis_status" "public"."analysis_status" NOT NULL DEFAULT 'pending', "duration_seconds" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_99869f6ca0eb6bd84d644c70783" UNIQUE ("youtube_id"), CONSTRAINT "PK_c3414272dccd7be89847c086bb4" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "guest_video_analysis" ("guest_session_id" character varying(64) NOT NULL, "youtube_id" character varying(11) NOT NULL, "analysed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c6ac551cfd4c26ab8e245019ee1" PRIMARY KEY ("guest_session_id", "youtube_id"))`,
    );
    await queryRunner.query(`CREATE TYPE "public"."ai_provider" AS ENUM('openai', 'grok', 'gemini')`);
    await queryRunner.query(
      `CREATE TABLE "users" ("id" SERIAL NOT NULL, "email" character varying(254) NOT NULL, "password" text, "name" text, "first_name" text, "last_name" text, "google_id" character varying(255), "avatar_url" text, "x_access_token" text, "is_test_account" boolean NOT NULL DEFAULT false, "ai_provider" "public"."ai_provider" NOT NULL DEFAULT 'gemini', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_97672ac88f789774dd47f7c8be3" UNIQUE ("email"), CONSTRAINT "UQ_0bd5012aeb82628e07f6a1be53b" UNIQUE ("google_id"), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "videos" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "youtube_id" character varying(11) NOT NULL, "title" text, "thumbnail_url" text, "processed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e4c86c0cf95aff16e9fb8220f6b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_32ec610616dbadc79a7005d625" ON "videos"  ("youtube_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_videos_user_youtube" ON "videos"  ("user_id", "youtube_id") `);
    await queryRunner.query(
      `CREATE TABLE "quotes" ("id" SERIAL NOT NULL, "video_id" integer NOT NULL, "content" text NOT NULL, "topic" text, "timestamp" integer, "original_id" text, CONSTRAINT "PK_99a0e8bcbcd8719d3a41f23c263" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_5dce2688939189ae83899b7e24" ON "quotes"  ("video_id") `);
    await queryRunner.query(
      `CREATE TABLE "x_accounts" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "access_token_oauth1" text, "access_secret" text, "x_username" text, "profile_image_url" text, "is_active" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_72af477ecb156c1a3f21ba55ffa" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_af39697e7bcdc3f52a9c8fab52" ON "x_accounts"  ("user_id") `);
    await queryRunner.query(
      `CREATE TABLE "scheduled_posts" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "quote_id" integer, "content" text NOT NULL, "scheduled_for" TIMESTAMP WITH TIME ZONE, "posted" boolean NOT NULL DEFAULT false, "post_id" text, "sort_order" integer NOT NULL DEFAULT '999999', "post_metadata" jsonb, "x_account_id" integer, "error" text, "is_processing" boolean NOT NULL DEFAULT false, "status" text NOT NULL DEFAULT 'draft', "error_type" text, "error_detail" text, "retry_count" integer NOT NULL DEFAULT '0', "next_retry_time" TIMESTAMP WITH TIME ZONE, "processed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_0408d38eae4ccb97d9bbb148da1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_83cbdfc52c73171cdff3b55e09" ON "scheduled_posts"  ("user_id") `);
    await queryRunner.query(`CREATE INDEX "ix_scheduled_posts_due" ON "scheduled_posts"  ("status", "scheduled_for") `);
    await queryRunner.query(
      `CREATE TABLE "shared_analysis" ("id" SERIAL NOT NULL, "share_id" character varying(64) NOT NULL, "user_id" integer, "youtube_id" character varying(11) NOT NULL, "shared_topics" text NOT NULL, "title" text, "description" text, "view_count" integer NOT NULL DEFAULT '0', "is_public" boolean NOT NULL DEFAULT true, "guest_session_id" character varying(64), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_1f1d593cb9b822e220c608db5ee" UNIQUE ("share_id"), CONSTRAINT "PK_f9399ea3252077f6166768cf2d6" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_shared_analysis_guest_youtube" ON "shared_analysis"  ("guest_session_id", "youtube_id") `,
    );
    await queryRunner.query(`CREATE INDEX "ix_shared_analysis_user_youtube" ON "shared_analysis"  ("user_id", "youtube_id") `);
    await queryRunner.query(
      `CREATE TABLE "user_video_analysis" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "youtube_id" character varying(11) NOT NULL, "analyzed_topics" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_54c11937e818285d44186b8c2ad" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_user_video_analysis_user_youtube" ON "user_video_analysis"  ("user_id", "youtube_id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "videos" ADD CONSTRAINT "FK_900733992fb36a6d855308c0039" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "quotes" ADD CONSTRAINT "FK_5dce2688939189ae83899b7e24f" FOREIGN KEY ("video_id") REFERENCES "videos"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "x_accounts" ADD CONSTRAINT "FK_af39697e7bcdc3f52a9c8fab529" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "scheduled_posts" ADD CONSTRAINT "FK_83cbdfc52c73171cdff3b55e090" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "scheduled_posts" ADD CONSTRAINT "FK_08c0264d74cf98b6ce0046e242c" FOREIGN KEY ("quote_id") REFERENCES "quotes"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "scheduled_posts" ADD CONSTRAINT "FK_b2d3dff507038aab12b7fa29bae" FOREIGN KEY ("x_account_id") REFERENCES "x_accounts"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shared_analysis" ADD CONSTRAINT "FK_937620bd7a9b16533c2506fe68b" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_video_analysis" ADD CONSTRAINT "FK_1c9aa260e45f8ff6e095b12280a" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user_video_analysis" DROP CONSTRAINT "FK_1c9aa260e45f8ff6e095b12280a"`);
    await queryRunner.query(`ALTER TABLE "shared_analysis" DROP CONSTRAINT "FK_937620bd7a9b16533c2506fe68b"`);
    await queryRunner.query(`ALTER TABLE "scheduled_posts" DROP CONSTRAINT "FK_b2d3dff507038aab12b7fa29bae"`);
    await queryRunner.query(`ALTER TABLE "scheduled_posts" DROP CONSTRAINT "FK_08c0264d74cf98b6ce0046e242c"`);
    await queryRunner.query(`ALTER TABLE "scheduled_posts" DROP CONSTRAINT "FK_83cbdfc52c73171cdff3b55e090"`);
    await queryRunner.query(`ALTER TABLE "x_accounts" DROP CONSTRAINT "FK_af39697e7bcdc3f52a9c8fab529"`);
    await queryRunner.query(`ALTER TABLE "quotes" DROP CONSTRAINT "FK_5dce2688939189ae83899b7e24f"`);
    await queryRunner.query(`ALTER TABLE "videos" DROP CONSTRAINT "FK_900733992fb36a6d855308c0039"`);
    await queryRunner.query(`DROP INDEX "public"."uq_user_video_analysis_user_youtube"`);
    await queryRunner.query(`DROP TABLE "user_video_analysis"`);
    await queryRunner.query(`DROP INDEX "public"."ix_shared_analysis_user_youtube"`);
    await queryRunner.query(`DROP INDEX "public"."ix_shared_analysis_guest_youtube"`);
    await queryRunner.query(`DROP TABLE "shared_analysis"`);
    await queryRunner.query(`DROP INDEX "public"."ix_scheduled_posts_due"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_83cbdfc52c73171cdff3b55e09"`);
    await queryRunner.query(`DROP TABLE "scheduled_posts"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_af39697e7bcdc3f52a9c8fab52"`);
    await queryRunner.query(`DROP TABLE "x_accounts"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_5dce2688939189ae83899b7e24"`);
    await queryRunner.query(`DROP TABLE "quotes"`);
    await queryRunner.query(`DROP INDEX "public"."uq_videos_user_youtube"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_32ec610616dbadc79a7005d625"`);
    await queryRunner.query(`DROP TABLE "videos"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`DROP TYPE "public"."ai_provider"`);
    await queryRunner.query(`DROP TABLE "guest_video_analysis"`);
    await queryRunner.query(`DROP TABLE "cached_youtube_data"`);
    await queryRunner.query(`DROP TYPE "public"."analysis_status"`);
  }
}
