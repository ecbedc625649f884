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

  it("is in the default track's language when YouTube has no speech recognition track, counted among all listed tracks", () => {
    const translated = track('de', { query: '&tlang=de' });
    // The default index counts the machine translation listed before it.
    expect(chooseCaptionTrack(player([translated, track('en'), track('fr')], 2))).toMatchObject({ languageCode: 'fr' });
    // A default that is a machine translation says nothing of the language spoken: the first track does.
    expect(chooseCaptionTrack(player([translated, track('fr'), track('de')], 0))).toMatchObject({ languageCode: 'fr' });
  });

  it("is in the language of the default audio track's default captions, for a video dubbed in several", () => {
    const dubbed: PlayerResponse = {
      captions: {
        playerCaptionsTracklistRenderer: {
          captionTracks: [track('en'), track('es')],
          audioTracks: [{ defaultCaptionTrackIndex: 0 }, { defaultCaptionTrackIndex: 1 }],
          defaultAudioTrackIndex: 1,
        },
      },
    };
    expect(chooseCaptionTrack(dubbed)).toMatchObject({ languageCode: 'es' });
  });

  it("reads a manual track's regional or upper-case code as the speech recognition track's language", () => {
    for (const code of ['pt-BR', 'pt_BR', 'PT']) {
      expect(chooseCaptionTrack(player([track('pt', { asr: true }), track(code)]))).toMatchObject({ languageCode: code });
    }
  });
});
