import { titleTopics } from './titles';
import { stopWordsOf, words } from './text';

const stop = stopWordsOf('eng');
const unit = (text: string) => ({ text, terms: words(text).filter((w) => w.length > 2 && !stop.has(w)) });

describe("titles at their limits (a stranger's mutation audit)", () => {
  it('puts "Introduction to" only before a phrase short enough to stay within 8 words', () => {
    const titles = titleTopics(
      [
        {
          units: [
            unit('Welcome to the show.'),
            ...Array.from({ length: 6 }, () => unit('Our bus lane designs of the city tram lines, again.')),
          ],
        },
        { units: Array.from({ length: 6 }, () => unit('Bakeries waste bread, and ovens burn flour.')) },
      ],
      'eng',
    );
    for (const title of titles) expect(title.split(' ').length).toBeLessThanOrEqual(8);
    expect(titles[0]).toBe('Bus Lane Designs of the City Tram Lines');
  });

  it('gives no two topics the same title, not even as singular and plural', () => {
    const titles = titleTopics(
      [
        { units: Array.from({ length: 6 }, () => unit('We saw the bus lanes, again.')) },
        {
          units: [
            ...Array.from({ length: 6 }, () => unit('We saw the bus lane, again.')),
            unit('Bakery ovens burn flour.'),
            unit('Bakery ovens burn flour.'),
          ],
        },
      ],
      'eng',
    );
    expect(titles[0]).toBe('Bus Lanes');
    expect(titles[1]!.toLowerCase()).not.toMatch(/^bus lanes?$/);
  });
});
