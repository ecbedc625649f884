import type { FakeYoutube } from './fake-youtube';
import { sampleTranscript } from './sample-transcripts';

/** The videos `npm run demo` serves: our own sample transcripts, no real YouTube content. */
export const DEMO_VIDEOS = [
  { id: 'FCdemoTalk1', title: 'The Find Clips demo: a 12-minute talk', minutes: 12, channel: 'Find Clips Demo' },
  { id: 'FCdemoPod01', title: 'A 40-minute podcast about building products', minutes: 40, channel: 'Find Clips Demo' },
  { id: 'FCdemoPanel', title: 'A 90-minute panel (too long for guests)', minutes: 90, channel: 'Find Clips Demo' },
  { id: 'FCdemoMarat', title: 'A 3-hour marathon (too long for anyone)', minutes: 180, channel: 'Find Clips Demo' },
] as const;

/** Adds the demo videos to a fake YouTube; captions take `delayMs` so progress can be seen. */
export function addDemoVideos(youtube: FakeYoutube, delayMs = 1_500): void {
  for (const video of DEMO_VIDEOS) {
    youtube.addVideo({
      id: video.id,
      title: video.title,
      channel: video.channel,
      durationSeconds: video.minutes * 60,
      captionDelayMs: delayMs,
      tracks: [{ languageCode: 'en', segments: sampleTranscript(video.minutes * 60) }],
    });
  }
}
