// Accounts, a member's uploads and writes for a deleted member, through their tables' owners, on the real database.
import { randomUUID } from 'node:crypto';
import { buildUser } from '@findclips/testing';
import type { DataSource } from 'typeorm';
import { createDataSource } from './data-source';
import { UserEntity } from './entities';
import { MemberAnalyses } from './member-analyses';
import { MemberGoneError } from './member-gone';
import { MemberHistory } from './member-history';
import { credentialStamp } from './session-user';
import { UploadedTranscripts } from './uploaded-transcripts';
import { Users } from './users';

describe('accounts', () => {
  let db: DataSource;
  let users: Users;
  beforeAll(async () => {
    db = await createDataSource({ url: process.env.DATABASE_URL!, poolSize: 2 }).initialize();
    users = new Users(db);
  });
  afterAll(() => db.destroy());

  it('stores and finds an email however it was typed', async () => {
    const local = `Mixed-${randomUUID().slice(0, 8)}`;
    const user = await users.create({ email: `  ${local}@Example.COM ` });
    expect(user.email).toBe(`${local.toLowerCase()}@example.com`);
    expect((await users.findByEmail(`${local}@EXAMPLE.com `))?.id).toBe(user.id);
  });

  it('reads an account by its id with every column as TypeORM reads it, and none for an id that is not one', async () => {
    const local = `whole-${randomUUID().slice(0, 8)}`;
    const user = await users.create({
      email: `${local}@example.com`,
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
      name: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      googleId: `g-${local}`,
      avatarUrl: 'https://lh3.googleusercontent.com/a/ada',
      aiProvider: 'openai',
    });
    const read = await users.findById(user.id);
    expect(read).toBeInstanceOf(UserEntity);
    expect(read).toEqual(await db.getRepository(UserEntity).findOneByOrFail({ id: user.id }));
    expect(read).toMatchObject({ firstName: 'Ada', googleId: `g-${local}`, aiProvider: 'openai', isTestAccount: false });
    expect(read!.createdAt).toBeInstanceOf(Date);
    expect(await users.findById(2147483647)).toBeNull();
  });

  it('changes credentials only from those read: of two sessions, the later change gets null', async () => {
    const user = await users.create({ email: `${randomUUID()}@example.com`, passwordHash: 'hash-1' });
    const [emailSession, passwordSession] = [(await users.findById(user.id))!, (await users.findById(user.id))!];
    const newEmail = `${randomUUID()}@example.com`;
    expect(await users.updateCredentials(emailSession, { email: newEmail })).toMatchObject({ email: newEmail });
    expect(await users.updateCredentials(passwordSession, { passwordHash: 'hash-2' })).toBeNull();

    const [first, second] = [(await users.findById(user.id))!, (await users.findById(user.id))!];
    expect(await users.updateCredentials(first, { passwordHash: 'hash-3' })).toMatchObject({ passwordHash: 'hash-3' });
    expect(await users.updateCredentials(second, { email: `${randomUUID()}@example.com` })).toBeNull();
    expect(await users.findCredentials(user.id)).toEqual({ id: user.id, email: newEmail, passwordHash: 'hash-3' });
  });

  it('stamps sessions with the email and the password: changing either changes the stamp', () => {
    const stamp = credentialStamp({ email: 'a@example.com', passwordHash: 'h' });
    expect(credentialStamp({ email: 'a@example.com', passwordHash: 'h' })).toBe(stamp);
    expect(credentialStamp({ email: 'b@example.com', passwordHash: 'h' })).not.toBe(stamp);
    expect(credentialStamp({ email: 'a@example.com', passwordHash: 'h2' })).not.toBe(stamp);
    expect(credentialStamp({ email: 'a@example.com', passwordHash: null })).not.toBe(stamp);
  });

  it("replaces a member's uploaded captions with their next upload, its name and version with them", async () => {
    const { id: userId } = await buildUser(db);
    const uploads = new UploadedTranscripts(db);
    await uploads.save(userId, 'FCupload001', [{ text: 'First.', start: 0, end: 2 }], 'first.srt');
    const first = (await uploads.find(userId, 'FCupload001'))!;
    await uploads.save(userId, 'FCupload001', [{ text: 'Second.', start: 0, end: 3 }], 'second.vtt');
    const second = (await uploads.find(userId, 'FCupload001'))!;
    expect(second).toMatchObject({ segments: [{ text: 'Second.', start: 0, end: 3 }], sourceName: 'second.vtt' });
    expect(await uploads.nameOf(userId, 'FCupload001')).toBe('second.vtt');
    expect(second.version).not.toBe(first.version);
    expect(second.uploadedAt.getTime()).toBeGreaterThan(first.uploadedAt.getTime());
  });

  it("refuses a member's analysis or history written after their account was deleted, as MemberGoneError", async () => {
    const { id: userId } = await buildUser(db);
    await db.getRepository(UserEntity).delete({ id: userId });
    const topics = [{ id: 't1', title: 'Bus lanes', startTime: 0, endTime: 60, quotes: [] }];
    await expect(
      new MemberAnalyses(db).save(userId, 'FCgone00001', topics, {
        provider: 'local',
        model: 'm',
        transcriptSource: 'youtube',
        runId: null,
      }),
    ).rejects.toBeInstanceOf(MemberGoneError);
    await expect(
      new MemberHistory(db).recordAnalysis(userId, 'FCgone00001', { title: null, thumbnailUrl: null }, topics),
    ).rejects.toBeInstanceOf(MemberGoneError);
  });
});
