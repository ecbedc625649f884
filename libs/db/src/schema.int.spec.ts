import { randomUUID } from 'node:crypto';
import { oneTopicAnalysis } from '@findclips/testing';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { ensureDatabase, dropDatabase } from './create-database';
import { createDataSource, dataSourceOptions } from './data-source';
import {
  CachedYoutubeDataEntity,
  GuestVideoAnalysisEntity,
  ScheduledPostEntity,
  SharedAnalysisEntity,
  UserEntity,
  UserVideoAnalysisEntity,
  VideoEntity,
  XAccountEntity,
} from './entities';
import { MemberHistory } from './member-history';
import { migrate } from './migrate';
import { Users } from './users';
import { migrations } from './migrations';

const email = () => `${randomUUID()}@example.com`;

/** A new database at `url`, migrated up to the migration `name` (left out): data as versions before it wrote it. */
async function migratedUpTo(url: string, name: string): Promise<DataSource> {
  await ensureDatabase(url);
  const before = await new DataSource({
    ...dataSourceOptions({ url, poolSize: 1, queryTimeoutMs: 0 }),
    migrations: migrations.slice(
      0,
      migrations.findIndex((migration) => migration.name === name),
    ),
  }).initialize();
  await before.runMigrations();
  return before;
}

describe('database schema', () => {
  let db: DataSource;
  beforeAll(async () => {
    db = await createDataSource({ url: process.env.DATABASE_URL!, poolSize: 2 }).initialize();
  });
  afterAll(() => db.destroy());

  it('the committed migrations produce exactly the entities (no drift)', async () => {
    // TypeORM's schema builder reads the tables' types in parallel on one connection, which pg 8.x
    // warns of once in every run's log ('Calling client.query() when the client is already
    // executing a query is deprecated'). Only this check does so: the product runs migrations.
    const pending = await db.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it("has every table, and the members' edits and uploads", async () => {
    const rows: { table_name: string }[] = await db.query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 'migrations' ORDER BY 1",
    );
    expect(rows.map((r) => r.table_name)).toEqual([
      'analysis_edits',
      'cached_youtube_data',
      'guest_video_analysis',
      'quotes',
      'scheduled_posts',
      'shared_analysis',
      'uploaded_transcripts',
      'user_video_analysis',
      'users',
      'videos',
      'x_accounts',
    ]);
  });

  it('fills the documented defaults (sort order 999999, 0 views, public shares, Gemini)', async () => {
    const user = await db.getRepository(UserEntity).save({ email: email() });
    expect(user).toMatchObject({ isTestAccount: false, aiProvider: 'gemini', passwordHash: null });
    expect(user.createdAt).toBeInstanceOf(Date);

    const account = await db.getRepository(XAccountEntity).save({ userId: user.id });
    expect(account.isActive).toBe(false);

    const post = await db.getRepository(ScheduledPostEntity).save({ userId: user.id, content: 'x' });
    expect(post).toMatchObject({ posted: false, sortOrder: 999999, status: 'draft', isProcessing: false, retryCount: 0 });

    const share = await db
      .getRepository(SharedAnalysisEntity)
      .save({ shareId: randomUUID(), youtubeId: 'dQw4w9WgXcQ', sharedTopics: '[]' });
    expect(share).toMatchObject({ viewCount: 0, isPublic: true, userId: null });

    const cached = await db
      .getRepository(CachedYoutubeDataEntity)
      .save({ youtubeId: randomUUID().slice(0, 11), transcriptData: '[]' });
    expect(cached.analysisStatus).toBe('pending');
  });

  it('enforces uniqueness where the API relies on it', async () => {
    const users = db.getRepository(UserEntity);
    const address = email();
    await users.save({ email: address, googleId: `g-${address}` });
    await expect(users.insert({ email: address })).rejects.toMatchObject({ code: '23505' });
    await expect(users.insert({ email: email(), googleId: `g-${address}` })).rejects.toMatchObject({ code: '23505' });

    const user = await users.save({ email: email() });
    const videos = db.getRepository(VideoEntity);
    await videos.insert({ userId: user.id, youtubeId: 'aaaaaaaaaaa' });
    await expect(videos.insert({ userId: user.id, youtubeId: 'aaaaaaaaaaa' })).rejects.toMatchObject({ code: '23505' });

    const analyses = db.getRepository(UserVideoAnalysisEntity);
    await analyses.insert({ userId: user.id, youtubeId: 'aaaaaaaaaaa', analyzedTopics: '[]' });
    await expect(analyses.insert({ userId: user.id, youtubeId: 'aaaaaaaaaaa', analyzedTopics: '[]' })).rejects.toMatchObject({
      code: '23505',
    });

    const guests = db.getRepository(GuestVideoAnalysisEntity);
    await guests.insert({ guestSessionId: 'guest-1', youtubeId: 'bbbbbbbbbbb' });
    await expect(guests.insert({ guestSessionId: 'guest-1', youtubeId: 'bbbbbbbbbbb' })).rejects.toMatchObject({ code: '23505' });

    const shares = db.getRepository(SharedAnalysisEntity);
    const shareId = randomUUID();
    await shares.insert({ shareId, youtubeId: 'bbbbbbbbbbb', sharedTopics: '[]' });
    await expect(shares.insert({ shareId, youtubeId: 'ccccccccccc', sharedTopics: '[]' })).rejects.toMatchObject({
      code: '23505',
    });
  });

  it('links a user to a Google account only while none is theirs: of two at once, one', async () => {
    const users = new Users(db);
    const user = await users.create({ email: email(), passwordHash: 'x' });
    const [first, second] = await Promise.all([
      users.linkGoogle(await users.findByEmail(user.email).then((u) => u!), {
        googleId: `g-a-${randomUUID()}`,
        passwordHash: null,
      }),
      users.linkGoogle(await users.findByEmail(user.email).then((u) => u!), {
        googleId: `g-b-${randomUUID()}`,
        passwordHash: null,
      }),
    ]);
    expect([first, second].filter((linked) => linked !== null)).toHaveLength(1);
    const stored = await users.findByEmail(user.email);
    expect(stored!.googleId).toBe((first ?? second)!.googleId);
  });

  it("writes a member's quotes past PostgreSQL's integers: written anew with each analysis, their ids run out first", async () => {
    const user = await db.getRepository(UserEntity).save({ email: email() });
    await db.query(`SELECT setval('quotes_id_seq', GREATEST(2147483647, (SELECT last_value FROM quotes_id_seq)))`);
    const history = new MemberHistory(db);
    await history.recordAnalysis(user.id, 'bigQuoteId1', { title: 'Long lived', thumbnailUrl: null }, oneTopicAnalysis());
    const [quote] = await db.query(`SELECT q.id FROM quotes q JOIN videos v ON v.id = q.video_id WHERE v.user_id = $1`, [
      user.id,
    ]);
    expect(BigInt(quote.id)).toBeGreaterThan(2147483647n);
  });

  it("deletes a user's rows with the user", async () => {
    const user = await db.getRepository(UserEntity).save({ email: email() });
    await db.getRepository(VideoEntity).save({ userId: user.id, youtubeId: 'ddddddddddd' });
    await db
      .getRepository(SharedAnalysisEntity)
      .save({ shareId: randomUUID(), userId: user.id, youtubeId: 'ddddddddddd', sharedTopics: '[]' });
    await db.getRepository(UserEntity).delete({ id: user.id });
    expect(await db.getRepository(VideoEntity).countBy({ userId: user.id })).toBe(0);
    expect(await db.getRepository(SharedAnalysisEntity).countBy({ userId: user.id })).toBe(0);
  });

  it("leaves no table holding a deleted user's rows: every table with a user_id deletes them with the user", async () => {
    const withUserId: { table: string }[] = await db.query(
      "SELECT table_name AS table FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'user_id'",
    );
    const cascading: { table: string; column: string }[] = await db.query(`
      SELECT c.conrelid::regclass::text AS table, a.attname AS column
      FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass AND c.confdeltype = 'c'`);
    const tables = withUserId.map(({ table }) => table).sort();
    // The member's history, analyses, edits, captions, shares, X accounts and posts: seven at least.
    expect(tables.length).toBeGreaterThanOrEqual(7);
    expect(
      cascading
        .filter(({ column }) => column === 'user_id')
        .map(({ table }) => table)
        .sort(),
    ).toEqual(tables);
  });

  it('has an index behind every lookup the API makes', async () => {
    const rows: { tablename: string; indexdef: string }[] = await db.query(
      "SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = 'public'",
    );
    const indexed = (table: string, columns: string) =>
      rows.some((r) => r.tablename === table && r.indexdef.replace(/"/g, '').includes(`(${columns})`));
    expect(indexed('users', 'email')).toBe(true);
    expect(indexed('users', 'google_id')).toBe(true);
    expect(indexed('cached_youtube_data', 'youtube_id')).toBe(true);
    expect(indexed('videos', 'user_id, youtube_id')).toBe(true);
    expect(indexed('user_video_analysis', 'user_id, youtube_id')).toBe(true);
    expect(indexed('shared_analysis', 'share_id')).toBe(true);
    expect(indexed('shared_analysis', 'user_id, youtube_id')).toBe(true);
    expect(indexed('shared_analysis', 'guest_session_id, youtube_id')).toBe(true);
    expect(indexed('guest_video_analysis', 'guest_session_id, youtube_id')).toBe(true);
    expect(indexed('scheduled_posts', 'user_id')).toBe(true);
  });
});

describe('migrate', () => {
  it('creates a missing database, applies the migrations once, and is idempotent', async () => {
    const url = process.env.DATABASE_URL!.replace(/\/[^/]+$/, `/findclips_migrate_${process.pid}_${Date.now()}`);
    try {
      expect(await migrate(url)).toEqual([
        'Init1795356686030',
        'AnalysisProvenance1795359116770',
        'OneSharePerOwner1795362627047',
        'AnalysisEdits1795578834640',
        'UploadedTranscripts1795580582837',
        'AnalysisTranscriptSource1795581895217',
        'AnalysisRunId1795600000000',
        'AnalysisErrorCategories1796336387490',
        'TopicCounts1796500000000',
        'DropUnusedVideosIndex1796600000000',
        'QuoteIdsBigint1796700000000',
        'ShareProvenance1796800000000',
      ]);
      expect(await migrate(url)).toEqual([]);
      expect(await ensureDatabase(url)).toBe(false);
    } finally {
      await dropDatabase(url);
    }
  });

  it('undoes each migration to the schema it found: columns, constraints, indexes, sequences, types, triggers and functions', async () => {
    const url = process.env.DATABASE_URL!.replace(/\/[^/]+$/, `/findclips_migrate_down_${process.pid}_${Date.now()}`);
    /** The public schema as PostgreSQL describes it, in a stable order. */
    const schemaOf = async (db: Pick<DataSource, 'query'>) => {
      const read = async (sql: string) => ((await db.query(sql)) as { d: string }[]).map((row) => row.d);
      return {
        columns: await read(
          `SELECT concat_ws(' ', table_name, column_name, data_type, character_maximum_length, is_nullable, column_default) AS d
           FROM information_schema.columns WHERE table_schema = 'public' ORDER BY 1`,
        ),
        constraints: await read(
          `SELECT conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS d
           FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1`,
        ),
        indexes: await read(`SELECT indexdef AS d FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1`),
        sequences: await read(
          `SELECT sequencename || ' ' || data_type || ' ' || max_value AS d FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
        ),
        types: await read(
          `SELECT t.typname || ' ' || string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) AS d
           FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid WHERE t.typnamespace = 'public'::regnamespace
           GROUP BY t.typname ORDER BY 1`,
        ),
        triggers: await read(`SELECT pg_get_triggerdef(oid) AS d FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1`),
        functions: await read(
          `SELECT pg_get_functiondef(oid) AS d FROM pg_proc WHERE pronamespace = 'public'::regnamespace ORDER BY 1`,
        ),
      };
    };
    try {
      await ensureDatabase(url);
      const db = await new DataSource({
        ...dataSourceOptions({ url, poolSize: 1, queryTimeoutMs: 0 }),
        migrations: [],
      }).initialize();
      const runner = db.createQueryRunner();
      try {
        const found: Awaited<ReturnType<typeof schemaOf>>[] = [];
        for (const Migration of migrations) {
          found.push(await schemaOf(runner));
          await new Migration().up(runner);
        }
        for (const Migration of [...migrations].reverse()) {
          await new Migration().down(runner);
          expect({ undone: new Migration().name, ...(await schemaOf(runner)) }).toEqual({
            undone: new Migration().name,
            ...found.pop(),
          });
        }
      } finally {
        await runner.release();
        await db.destroy();
      }
    } finally {
      await dropDatabase(url);
    }
  });

  it("gives the shares made before it the captions and language their pages said, YouTube's to one shared before the member brought theirs", async () => {
    const url = process.env.DATABASE_URL!.replace(/\/[^/]+$/, `/findclips_migrate_shares_${process.pid}_${Date.now()}`);
    try {
      const before = await migratedUpTo(url, 'ShareProvenance1796800000000');
      const [{ id: userId }] = await before.query(`INSERT INTO users (email) VALUES ($1) RETURNING id`, [email()]);
      await before.query(
        `INSERT INTO cached_youtube_data (youtube_id, title, transcript_data, language, analysis_status)
         VALUES ('aaaaaaaaaaa', 'Hebrew', '[]', 'iw', 'complete'), ('bbbbbbbbbbb', 'Uploaded', '[]', 'fr', 'complete'),
                ('ccccccccccc', 'Uploaded later', '[]', 'pt', 'complete')`,
      );
      await before.query(
        `INSERT INTO user_video_analysis (user_id, youtube_id, analyzed_topics, transcript_source)
         VALUES ($1, 'aaaaaaaaaaa', '[]', NULL), ($1, 'bbbbbbbbbbb', '[]', 'upload'), ($1, 'ccccccccccc', '[]', 'upload')`,
        [userId],
      );
      // The member brought captions of 'bbbbbbbbbbb' before sharing it, of 'ccccccccccc' only a day after.
      await before.query(
        `INSERT INTO uploaded_transcripts (user_id, youtube_id, transcript_data, source_name, created_at)
         VALUES ($1, 'bbbbbbbbbbb', '[]', 'b.srt', now() - interval '2 days'), ($1, 'ccccccccccc', '[]', 'c.srt', now())`,
        [userId],
      );
      await before.query(
        `INSERT INTO shared_analysis (share_id, user_id, guest_session_id, youtube_id, shared_topics, updated_at)
         VALUES ('member-a', $1, NULL, 'aaaaaaaaaaa', '[]', now()), ('member-b', $1, NULL, 'bbbbbbbbbbb', '[]', now()),
                ('guest-b', NULL, 'a-guest', 'bbbbbbbbbbb', '[]', now()),
                ('member-c', $1, NULL, 'ccccccccccc', '[]', now() - interval '1 day')`,
        [userId],
      );
      await before.destroy();

      expect(await migrate(url)).toEqual(['ShareProvenance1796800000000']);
      const after = await createDataSource({ url, poolSize: 1 }).initialize();
      try {
        expect(
          await after.query(
            `SELECT share_id AS "shareId", transcript_source AS "transcriptSource", language FROM shared_analysis ORDER BY share_id`,
          ),
        ).toEqual([
          { shareId: 'guest-b', transcriptSource: 'youtube', language: 'fr' },
          { shareId: 'member-a', transcriptSource: 'youtube', language: 'iw' },
          { shareId: 'member-b', transcriptSource: 'upload', language: null },
          // Shared a day before the member brought their captions: its topics are of YouTube's.
          { shareId: 'member-c', transcriptSource: 'youtube', language: 'pt' },
        ]);
      } finally {
        await after.destroy();
      }
    } finally {
      await dropDatabase(url);
    }
  });

  it("counts the topics of analyses stored before their count was kept: a member's history reads it", async () => {
    const url = process.env.DATABASE_URL!.replace(/\/[^/]+$/, `/findclips_migrate_counts_${process.pid}_${Date.now()}`);
    const topics = (n: number) =>
      JSON.stringify(
        Array.from({ length: n }, (_, i) => ({ id: `t${i}`, title: `Topic ${i}`, startTime: i, endTime: i + 1, quotes: [] })),
      );
    try {
      const before = await migratedUpTo(url, 'TopicCounts1796500000000');
      const [{ id: userId }] = await before.query(`INSERT INTO users (email) VALUES ($1) RETURNING id`, [email()]);
      await before.query(
        `INSERT INTO cached_youtube_data (youtube_id, title, transcript_data, analyzed_topics, analysis_status)
         VALUES ('aaaaaaaaaaa', 'Shared', '[]', $1, 'complete'), ('bbbbbbbbbbb', 'Running', '[]', NULL, 'analyzing'),
                ('ccccccccccc', 'Corrupt', '[]', '{"cut": "sho', 'complete'), ('ddddddddddd', 'Edited', '[]', $1, 'complete')`,
        [topics(3)],
      );
      await before.query(
        `INSERT INTO user_video_analysis (user_id, youtube_id, analyzed_topics) VALUES ($1, 'ddddddddddd', $2)`,
        [userId, topics(5)],
      );
      await before.query(`INSERT INTO analysis_edits (user_id, youtube_id, edited_topics) VALUES ($1, 'ddddddddddd', $2)`, [
        userId,
        topics(4),
      ]);
      for (const id of ['aaaaaaaaaaa', 'bbbbbbbbbbb', 'ccccccccccc', 'ddddddddddd'])
        await before.query(`INSERT INTO videos (user_id, youtube_id) VALUES ($1, $2)`, [userId, id]);
      await before.destroy();

      expect(await migrate(url)).toEqual([
        'TopicCounts1796500000000',
        'DropUnusedVideosIndex1796600000000',
        'QuoteIdsBigint1796700000000',
        'ShareProvenance1796800000000',
      ]);
      const after = await createDataSource({ url, poolSize: 1 }).initialize();
      try {
        const rows = await new MemberHistory(after).list(userId, 'title');
        expect(rows.map((row) => [row.youtubeId, row.topicCount])).toEqual([
          ['ccccccccccc', 0],
          ['ddddddddddd', 4],
          ['bbbbbbbbbbb', null],
          ['aaaaaaaaaaa', 3],
        ]);
        // Written as the services of the version before write them, still running during a deploy:
        // without a count (an edit, a new analysis), or a count not theirs to change. The database counts.
        await after.query(`UPDATE analysis_edits SET edited_topics = $1`, [topics(2)]);
        await after.query(`UPDATE cached_youtube_data SET topic_count = 7 WHERE youtube_id = 'aaaaaaaaaaa'`);
        await after.query(`UPDATE cached_youtube_data SET analyzed_topics = analyzed_topics WHERE youtube_id = 'aaaaaaaaaaa'`);
        const read = await new MemberHistory(after).list(userId, 'title');
        expect(read.map((row) => [row.youtubeId, row.topicCount])).toEqual([
          ['ccccccccccc', 0],
          ['ddddddddddd', 2],
          ['bbbbbbbbbbb', null],
          ['aaaaaaaaaaa', 3],
        ]);
      } finally {
        await after.destroy();
      }
    } finally {
      await dropDatabase(url);
    }
  });

  it('runs three at once on a server without the database: one creates and migrates it, the others find it done', async () => {
    const url = process.env.DATABASE_URL!.replace(/\/[^/]+$/, `/findclips_migrate_race_${process.pid}_${Date.now()}`);
    try {
      const runs = await Promise.allSettled([migrate(url), migrate(url), migrate(url)]);
      expect(runs.map((run) => run.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const applied = runs.map((run) => (run as PromiseFulfilledResult<string[]>).value);
      expect(applied.filter((names) => names.length > 0)).toHaveLength(1);
      expect(applied.flat()).toHaveLength(migrations.length);
    } finally {
      await dropDatabase(url);
    }
  });

  it("waits for another host's migrations where the database ends long statements and idle sessions (an operator's timeouts)", async () => {
    const url = process.env.DATABASE_URL!.replace(/\/[^/]+$/, `/findclips_migrate_timeouts_${process.pid}_${Date.now()}`);
    const name = new URL(url).pathname.slice(1);
    const blocker = new Client({ connectionString: url });
    // Another session's view of the server: the blocker's transaction sees pg_stat_activity as it was when it began.
    const watcher = new Client({ connectionString: url });
    try {
      await (await migratedUpTo(url, 'ShareProvenance1796800000000')).destroy();
      await blocker.connect();
      await watcher.connect();
      await blocker.query(`ALTER DATABASE "${name}" SET idle_session_timeout = '1s'`);
      // A long transaction (a report, a backup) holds the table: the first host's migration waits for it...
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE shared_analysis IN ACCESS SHARE MODE');
      const first = migrate(url);
      const migrating = async () =>
        (
          await watcher.query(
            `SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND application_name = 'findclips-migrate' AND wait_event_type = 'Lock'`,
            [name],
          )
        ).rowCount;
      for (let tries = 0; !(await migrating()); tries++) {
        if (tries === 100) throw new Error('the first migration never waited for the table');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // ... longer than the sessions' 1 s limits; the second host starts meanwhile.
      await watcher.query(`ALTER DATABASE "${name}" SET statement_timeout = '1s'`);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const second = migrate(url);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await blocker.query('COMMIT');

      const runs = await Promise.allSettled([first, second]);
      expect(runs).toEqual([
        { status: 'fulfilled', value: ['ShareProvenance1796800000000'] },
        { status: 'fulfilled', value: [] },
      ]);
      expect(
        await watcher.query(`SELECT name FROM migrations GROUP BY name HAVING count(*) > 1`).then((result) => result.rows),
      ).toEqual([]);
    } finally {
      await blocker.end().catch(() => undefined);
      await watcher.end().catch(() => undefined);
      await dropDatabase(url);
    }
  });

  // A read of the live services of the version before, during a rolling deploy: a shared page's;
  // a member's quotes (QuoteIdsBigint's own lock_timeout, 10 s, held them up 10 s at each try).
  it.each([
    ['shared_analysis', `SELECT count(*) FROM shared_analysis WHERE share_id = 'a-share'`, ['ShareProvenance1796800000000']],
    ['quotes', 'SELECT count(*) FROM quotes WHERE video_id = 1', ['QuoteIdsBigint1796700000000', 'ShareProvenance1796800000000']],
  ])(
    'waits for %s, which a backup holds, 2 s at a time: the live services read it meanwhile',
    async (table, liveRead, pending) => {
      const url = process.env.DATABASE_URL!.replace(/\/[^/]+$/, `/findclips_migrate_${table}_${process.pid}_${Date.now()}`);
      const name = new URL(url).pathname.slice(1);
      const backup = new Client({ connectionString: url });
      const gateway = new Client({ connectionString: url });
      try {
        await (await migratedUpTo(url, pending[0]!)).destroy();
        await backup.connect();
        await gateway.connect();
        // pg_dump reads every table in one transaction, holding each as it goes: minutes to hours.
        await backup.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
        await backup.query(`LOCK TABLE ${table} IN ACCESS SHARE MODE`);
        const migrating = migrate(url);
        const waiting = async () =>
          (
            await gateway.query(
              `SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND application_name = 'findclips-migrate' AND wait_event_type = 'Lock'`,
              [name],
            )
          ).rowCount;
        for (let tries = 0; !(await waiting()); tries++) {
          if (tries === 100) throw new Error('the migration never waited for the table');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const read = gateway.query(liveRead).then(() => 'answered');
        const answer = await Promise.race([read, new Promise((resolve) => setTimeout(resolve, 6_000, 'still waiting'))]);
        await backup.query('COMMIT');
        await read;
        expect(answer).toBe('answered');
        await expect(migrating).resolves.toEqual(pending);
      } finally {
        await backup.end().catch(() => undefined);
        await gateway.end().catch(() => undefined);
        await dropDatabase(url);
      }
    },
  );

  it("runs a migration that waits for a table past the database's statement_timeout, set for the services", async () => {
    const url = process.env.DATABASE_URL!.replace(/\/[^/]+$/, `/findclips_migrate_statement_${process.pid}_${Date.now()}`);
    const name = new URL(url).pathname.slice(1);
    const blocker = new Client({ connectionString: url });
    try {
      await (await migratedUpTo(url, 'ShareProvenance1796800000000')).destroy();
      await blocker.connect();
      await blocker.query(`ALTER DATABASE "${name}" SET statement_timeout = '1s'`);
      // A report holds the table for 1.5 s: the migration waits for it longer than the services' limit.
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE shared_analysis IN ACCESS SHARE MODE');
      const migrating = migrate(url);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await blocker.query('COMMIT');
      await expect(migrating).resolves.toEqual(['ShareProvenance1796800000000']);
    } finally {
      await blocker.end().catch(() => undefined);
      await dropDatabase(url);
    }
  });
});
