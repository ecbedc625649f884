import { chooseCaptionTrack, type CaptionTrack, type PlayerResponse } from './tracks';

const track = (languageCode: string, { asr = false, query = '' } = {}): CaptionTrack => ({
  baseUrl: `https://www.youtube.com/api/timedtext?v=abcdefghijk&lang=${languageCode}${asr ? '&kind=asr' : ''}${query}`,
  languageCode,
  ...(asr ? { kind: 'asr' } : {}),
});

const player = (tracks: CaptionTrack[], defaultCaptionTrackIndex?: number): PlayerResponse => ({
  captions: {
    playerCaptionsTracklistRenderer: {
      captionTracks: tracks,
      audioTracks: defaultCaptionTrackIndex === undefined ? [] : [{ defaultCaptionTrackIndex }],
      defaultAudioTrackIndex: 0,
    },
  },
});

describe('the caption track analysed', () => {
  it("is in the language spoken, which YouTube's speech recognition names, not the default track's", () => {
    // A Spanish talk whose creator made an English translation the default.
    const chosen = chooseCaptionTrack(player([track('es', { asr: true }), track('en'), track('es')], 1));
    expect(chosen).toMatchObject({ languageCode: 'es' });
    expect(chosen?.kind).toBeUndefined();
  });

  it('is never a machine translation listed among the tracks, even in the language spoken', () => {
    const translated = track('en', { query: '&tlang=en' });
    const chosen = chooseCaptionTrack(player([translated, track('en', { asr: true })]));
    expect(chosen?.baseUrl).not.toContain('tlang=');
    expect(chosen).toMatchObject({ languageCode: 'en', kind: 'asr' });
  });

  it('is one readable without a proof-of-origin token before a gated one, whatever their kinds', () => {
    const gated = track('en', { query: '&exp=xpe' });
    expect(chooseCaptionTrack(player([gated, track('en', { asr: true })]))?.kind).toBe('asr');
  });
});
