import { analysisEditSchema } from './videos';
import { createShareRequestSchema } from './shares';
import { updateProfileSchema } from './profile';

describe('text other people read', () => {
  it('keeps no direction override, which would show the letters after it reversed', () => {
    const renamed = analysisEditSchema.parse({ action: 'rename', topicId: 't1', title: 'Bus \u202Esenal\u202C lanes' });
    expect(renamed).toMatchObject({ title: 'Bus senal\u202C lanes' });
    const share = createShareRequestSchema.parse({
      youtubeId: 'dQw4w9WgXcQ',
      topics: [],
      title: '\u202Dpicks',
      description: 'x',
    });
    expect(share.title).toBe('picks');
  });

  it('keeps the marks, embeddings and isolates right-to-left text needs', () => {
    const title = '\u2067שלום\u2069 and \u202Bمرحبا\u202C\u200F';
    expect(analysisEditSchema.parse({ action: 'rename', topicId: 't1', title })).toMatchObject({ title });
  });

  it('refuses a text of overrides alone as showing nothing', () => {
    const result = analysisEditSchema.safeParse({ action: 'rename', topicId: 't1', title: '\u202E\u202E' });
    expect(result.success).toBe(false);
    expect(updateProfileSchema.safeParse({ firstName: '\u202E', lastName: 'Lee' }).success).toBe(false);
  });
});
