import type { Topic } from '@findclips/contracts';

/** The video the demo's clips play: YouTube's first upload, 19 s long. */
export const DEMO_VIDEO = { youtubeId: 'jNQXAC9IVRw', title: 'Find Clips demo: find, watch and share' } as const;

/** Three sample topics shown when no video is open. */
export const DEMO_TOPICS: Topic[] = [
  {
    id: 'demo-find',
    title: 'Find the best moments of any long video',
    startTime: 0,
    endTime: 6,
    quotes: [
      {
        id: 'demo-find-1',
        content: 'Paste a YouTube link and Find Clips reads the whole transcript for you.',
        startTime: 0,
        endTime: 6,
      },
    ],
  },
  {
    id: 'demo-watch',
    title: 'Watch clips grouped by topic',
    startTime: 6,
    endTime: 12,
    quotes: [
      {
        id: 'demo-watch-1',
        content: 'Every topic has a Full Topic clip and short Viral Cuts of its best quotes.',
        startTime: 6,
        endTime: 12,
      },
    ],
  },
  {
    id: 'demo-share',
    title: 'Share the highlights with anyone',
    startTime: 12,
    endTime: 19,
    quotes: [
      { id: 'demo-share-1', content: 'Each shared video gets its own page that anyone can watch.', startTime: 12, endTime: 19 },
    ],
  },
];
