// A member's edits through their table's owner, on the real database.
import { buildUser } from '@findclips/testing';
import type { Topic } from '@findclips/contracts';
import type { DataSource } from 'typeorm';
import { AnalysisEdits } from './analysis-edits';
import { createDataSource } from './data-source';

const topics: Topic[] = [
  { id: 't1', title: 'Bus lanes', startTime: 0, endTime: 60, quotes: [] },
  { id: 't2', title: 'Paying drivers', startTime: 60, endTime: 120, quotes: [] },
];
const ISO_MICROS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

describe("a member's edits of a video's analysis", () => {
  let db: DataSource;
  let edits: AnalysisEdits;
  beforeAll(async () => {
    db = await createDataSource({ url: process.env.DATABASE_URL!, poolSize: 4 }).initialize();
    edits = new AnalysisEdits(db);
  });
  afterAll(() => db.destroy());

  it('orders every edit and undo by its time, also when an undo waited for the edit before it', async () => {
    const { id: userId } = await buildUser(db);
    const times: string[] = [];
    for (let i = 0; i < 50; i++) {
      // The undo is sent while the edit holds the video's lock (the analysis as made is read
      // under it): it runs as soon as the edit commits. (Sent beside the edit, it could take the
      // lock first on a busy machine, and the edit would then come after it.)
      let undone: Promise<string> | undefined;
      const edited = await edits.edit(
        userId,
        'FCorder0001',
        async () => {
          undone = edits.discard(userId, 'FCorder0001');
          return topics;
        },
        (current) => current.slice(1),
      );
      times.push(edited.editedAt, await undone!);
    }
    // To the microsecond, so two changes within one millisecond still differ, and in order as
    // strings, as the web app compares them.
    for (const time of times) expect(time).toMatch(ISO_MICROS);
    expect(new Set(times).size).toBe(times.length);
    expect(times).toEqual([...times].sort());
    expect((await edits.find(userId, 'FCorder0001')) ?? null).toBeNull();
    const last = await edits.edit(
      userId,
      'FCorder0001',
      async () => topics,
      (current) => current,
    );
    expect(await edits.find(userId, 'FCorder0001')).toEqual({ topics, editedAt: last.editedAt });
    expect(last.editedAt > times.at(-1)!).toBe(true);
  });

  it("builds each edit on the last, keeps one video's edits when another's are undone, and queues no re-analysis over edits", async () => {
    const { id: userId } = await buildUser(db);
    const original = async () => topics;
    await edits.edit(userId, 'FCeditsA001', original, (current) => current.slice(1));
    await edits.edit(userId, 'FCeditsA001', original, (current) => [...current, { ...topics[0]!, id: 't3' }]);
    expect((await edits.find(userId, 'FCeditsA001'))?.topics.map((topic) => topic.id)).toEqual(['t2', 't3']);

    await edits.edit(userId, 'FCeditsB001', original, (current) => current.slice(0, 1));
    await edits.discard(userId, 'FCeditsB001');
    expect(await edits.find(userId, 'FCeditsB001')).toBeNull();
    expect((await edits.find(userId, 'FCeditsA001'))?.topics.map((topic) => topic.id)).toEqual(['t2', 't3']);

    let queued = 0;
    const queue = async () => {
      queued++;
    };
    expect(await edits.unlessEdited(userId, 'FCeditsA001', queue)).toBe(false);
    expect(queued).toBe(0);
    expect(await edits.unlessEdited(userId, 'FCeditsB001', queue)).toBe(true);
    expect(queued).toBe(1);
  });
});
