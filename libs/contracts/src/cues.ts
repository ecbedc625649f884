/**
 * Ends each cue where the next one starts. Captions overlap (auto-captions keep a line on screen
 * while the next is spoken, and files converted from them keep the overlap): without this a clip
 * would carry seconds of the following line, and a quote's times would be read late.
 */
export function endAtNextStart<T extends { start: number; end: number }>(cues: T[]): T[] {
  return cues.map((cue, i) => {
    const next = cues[i + 1];
    return next && next.start > cue.start && next.start < cue.end ? { ...cue, end: next.start } : cue;
  });
}
