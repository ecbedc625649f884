/** The parts of node-webvtt (no types of its own) that the export tests use. */
declare module 'node-webvtt' {
  interface Cue {
    identifier: string;
    start: number;
    end: number;
    text: string;
    styles: string;
  }
  export function parse(input: string, options?: { strict?: boolean; meta?: boolean }): { valid: boolean; cues: Cue[] };
  const webvtt: { parse: typeof parse };
  export default webvtt;
}
