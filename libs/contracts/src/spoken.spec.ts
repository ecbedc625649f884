import { quoteText, spoken } from './spoken';

describe('words as said', () => {
  it("shows a quote without the captions' non-speech tags, and words nobody made out as a gap", () => {
    expect(quoteText('Or, well, on loam. [laughter] I’d rather we paid farmers.')).toBe(
      'Or, well, on loam. I’d rather we paid farmers.',
    );
    expect(quoteText('So we {vocalsound} tried it (applause) again .')).toBe('So we tried it again .');
    expect(quoteText('He said [inaudible] and left.')).toBe('He said … and left.');
  });

  it("drops what a clip's edge cut off a tag, and leaves other brackets and plain quotes as they are", () => {
    expect(quoteText('keep it as simple as possible still [Music')).toBe('keep it as simple as possible still');
    expect(quoteText('sound] So the lanes paid off.')).toBe('So the lanes paid off.');
    expect(quoteText('Ten (or twelve) lanes paid off.')).toBe('Ten (or twelve) lanes paid off.');
    const plain = 'Bus lanes move more people than car lanes do.';
    expect(quoteText(plain)).toBe(plain);
  });

  it('reads a unit as spoken: tags out, spaces single', () => {
    expect(spoken('  [Music]  Okay {vocalsound} so  ')).toBe('Okay so');
    expect(spoken(' Okay so ')).toBe('Okay so');
    expect(spoken('Thanks (applause) all (Laughter) of you')).toBe('Thanks all of you');
  });

  it('shows crosstalk nobody could make out as a gap too', () => {
    expect(quoteText('We [crosstalk] agreed (laughter) on it.')).toBe('We … agreed on it.');
  });

  it("keeps the words before a stray close brace, which the clip's start cut from its tag", () => {
    expect(quoteText('so [x} the rest')).toBe('so [x} the rest');
  });
});

describe('tags no caption can make slow (a stranger sweeping for backtracking patterns)', () => {
  it('reads past a run of 100,000 unclosed brackets at once, and cuts a tag the clip left open from its first bracket', () => {
    const run = '{'.repeat(100_000);
    expect(spoken(`a ${run} x {music}`)).toBe(`a ${run} x`);
    expect(quoteText(`a ${'['.repeat(100_000)}`)).toBe('a');
    expect(quoteText('as simple as possible still [Music [plays')).toBe('as simple as possible still');
    expect(quoteText(`so [laughter] it goes${' '.repeat(100_000)}[inaud`)).toBe('so it goes');
  });
});
