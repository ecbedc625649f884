import { namesAnAction } from './title-verbs';

const said = (...texts: string[]) => texts.map((text, i) => ({ text, start: i * 5, end: i * 5 + 5, segment: i }));

describe('namesAnAction (the eval judge of titles)', () => {
  it('finds a verb where the tagger reads the title in its sentences', () => {
    expect(namesAnAction('Raise Venture Money', said('The loans were small.', 'Should they raise venture money now?'))).toBe(
      true,
    );
    expect(namesAnAction('Helping Cities Move', said("I've spent nine years helping cities move people."))).toBe(true);
  });

  it("takes a verb's -ing form and its participle for a subject's words", () => {
    expect(namesAnAction('Hiring Engineers', said('We kept hiring engineers all year.'))).toBe(false);
    expect(namesAnAction('Induced Demand', said('We call it induced demand.'))).toBe(false);
    expect(namesAnAction('Introduction to Bus Lanes', said('Today we talk about bus lanes.'))).toBe(false);
  });

  it('goes by most of the sentences that say it (a tie is no action), and has no answer where none does', () => {
    expect(namesAnAction('Cut Costs', said('We cut costs.', 'They cut costs again.', 'The cut costs us.'))).toBe(true);
    expect(namesAnAction('Cut Costs', said('We cut costs.', 'The cut costs us.', 'That cut costs money.'))).toBe(false);
    expect(namesAnAction('Cut Costs', said('We cut costs.', 'The cut costs us.'))).toBe(false);
    expect(namesAnAction('Solar Panels', said('Wind farms got cheap.'))).toBeNull();
  });
});
