import { saysSomething, words, wordsAt } from './text';

describe('words of a text', () => {
  it('keeps the marks of a word: Thai vowels and tones, Devanagari vowel signs, an accent written apart', () => {
    expect(words('ต้มยำกุ้งอร่อย เราไปเที่ยวเชียงใหม่')).toEqual(['ต้มยำ', 'กุ้ง', 'อร่อย', 'เรา', 'ไป', 'เที่ยว', 'เชียงใหม่']);
    expect(words('नमस्ते दुनिया')).toEqual(['नमस्ते', 'दुनिया']);
    expect(words('Cafe\u0301 bus-lanes')).toEqual(['cafe\u0301', 'bus-lanes']);
  });

  it('cuts a run of a script without spaces into its words', () => {
    expect(words('織田信長は天下統一を目指しました')).toEqual(expect.arrayContaining(['織田', '信長', '天下', '統一']));
  });

  it('counts two letters of a script without spaces as saying something, whole letters, not kana alone', () => {
    expect(['天下', '𠮷野', 'เชียงใหม่', 'bus'].map(saysSomething)).toEqual([true, true, true, true]);
    // '𠮷' is one letter in two UTF-16 units; 'さて' is kana; 'of' is two Latin letters.
    expect(['𠮷', 'さて', 'of'].map(saysSomething)).toEqual([false, false, false]);
  });
});

describe('words of a run of letters without spaces', () => {
  it('reads a million letters of Japanese with no mark between them in seconds, every word where it is said', () => {
    // In one piece ICU's dictionary took over ten minutes on such a run (a stranger's review).
    const run = '山の上から見る景色はとても美しくて'.repeat(65_000);
    const found = wordsAt(run);
    expect(found.length).toBeGreaterThan(500_000);
    expect(found.filter(({ word, index }) => run.slice(index, index + word.length) !== word)).toEqual([]);
    expect(found.slice(0, 3).map(({ word }) => word)).toEqual(words('山の上から見る'));
  }, 60_000);

  it('never cuts a Thai vowel or tone from its letter where a long run is read in pieces', () => {
    const run = 'แม่น้ำเจ้าพระยาไหลผ่านใจกลางเมือง'.repeat(40);
    const found = wordsAt(run);
    expect(found.map(({ word }) => word).join('')).toBe(run);
    expect(found.filter(({ word }) => /^\p{M}/u.test(word))).toEqual([]);
  });
});
