import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI_SAMPLE, DEMO_VIDEOS, demoSrt } from './demo-videos';

describe("the CLI's sample transcript", () => {
  it('is the demo interview as SRT captions, as the demo serves it (regenerate it with demoSrt when the script changes)', () => {
    const video = DEMO_VIDEOS.find(({ id }) => id === CLI_SAMPLE.videoId)!;
    const committed = readFileSync(join(__dirname, '..', '..', '..', CLI_SAMPLE.path), 'utf8');
    expect(committed).toBe(demoSrt(video));
    expect(committed.split('\n\n').length).toBeGreaterThan(400);
  });
});
