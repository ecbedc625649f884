import { saysSomething, words } from './text';

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
