import { titleTopics } from './titles';
import { saysSomething, stopWordsOf, words, type Language } from './text';

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

describe("titles in other languages and scripts (a stranger's audit)", () => {
  /** Units as the analyzer makes them in `language`, each subject's lines said in turn 60 times: one topic each. */
  const topicsIn = (language: Language, subjects: string[][]) => {
    const stops = stopWordsOf(language);
    return subjects.map((lines) => ({
      units: Array.from({ length: 60 }, (_, i) => {
        const text = lines[i % lines.length]!;
        return { text, terms: words(text).filter((w) => saysSomething(w) && !stops.has(w)) };
      }),
    }));
  };

  it("names the French noun after an elided article ('l'économie'), not the words around it", () => {
    const titles = titleTopics(
      topicsIn('fra', [
        [
          "Aujourd'hui nous parlons de l'économie française.",
          "L'économie française ralentit depuis l'été.",
          "L'inflation pèse sur le pouvoir d'achat des ménages.",
          "L'économie dépend aussi de l'industrie automobile.",
          "L'inflation a atteint cinq pour cent.",
        ],
        [
          "Passons maintenant à l'éducation nationale.",
          "L'éducation nationale manque d'enseignants.",
          'Les enseignants demandent une hausse des salaires.',
          'La réforme du baccalauréat inquiète les lycéens.',
          "Le ministre de l'éducation a annoncé une réforme.",
        ],
      ]),
      'fra',
    );
    // (It read 'Française ralentit depuis' and 'Nationale manque': a word after "l'" was never a title's.)
    expect(titles[0]).toMatch(/^Économie française\b/);
    expect(titles[1]).toMatch(/^Éducation nationale\b/);
  });

  it("never joins two Arabic phrases with the 'and' written onto a word ('وقناة', and the canal)", () => {
    const titles = titleTopics(
      topicsIn('ara', [
        [
          'اليوم سنتحدث عن الاقتصاد المصري.',
          'الاقتصاد المصري يعتمد على السياحة وقناة السويس.',
          'قناة السويس مصدر مهم للعملة الصعبة.',
          'التضخم يؤثر على أسعار الغذاء.',
          'البنك المركزي رفع سعر الفائدة.',
          'السياحة في مصر تعافت بعد الجائحة.',
          'أسعار الغذاء ارتفعت كثيرا هذا العام.',
          'البنك المركزي يحارب التضخم.',
        ],
        [
          'ننتقل الآن إلى كرة القدم.',
          'محمد صلاح سجل هدفين مع ليفربول.',
          'المنتخب المصري تأهل إلى كأس العالم.',
          'جماهير الأهلي ملأت الملعب.',
          'النادي الأهلي فاز بدوري أبطال أفريقيا.',
          'مدرب المنتخب اختار لاعبين جدد.',
          'محمد صلاح أفضل لاعب عربي.',
          'كأس العالم حلم كل لاعب.',
        ],
        [
          'وأخيرا نتحدث عن التعليم.',
          'المدارس الحكومية مزدحمة جدا.',
          'المعلمون يطالبون برواتب أعلى.',
          'امتحانات الثانوية العامة تقلق الطلاب.',
          'الجامعات المصرية تستقبل آلاف الطلاب.',
          'رواتب المعلمين منخفضة.',
          'الثانوية العامة تحدد مستقبل الطلاب.',
          'التعليم الجامعي مجاني في مصر.',
        ],
      ]),
      'ara',
    );
    // (It read 'السياحة وقناة السويس', tourism and the Suez Canal.)
    for (const title of titles) expect(title.split(' ').slice(1)).not.toContainEqual(expect.stringMatching(/^و/));
  });

  it("keeps a Greek name's capital after a word ending in an iota below, written apart (NFD: 'τῷ Ὁμήρῳ')", () => {
    const subjects = [
      ['Ἡ δόξα τῷ Ὁμήρῳ ἀνήκει.', 'Ἐν τῷ Ὁμήρῳ ἡ ποίησις ζῇ.', 'Ὁ ποιητὴς ἔγραψε τὴν Ἰλιάδα.'],
      ['Ἡ θάλασσα τῇ Ἀθήνῃ δόξαν ἔδωκεν.', 'Ἐν τῇ Ἀθήνῃ πολλοὶ ναῦται.', 'Ὁ λιμὴν τῆς πόλεως μέγας.'],
    ];
    const titles = titleTopics(
      topicsIn(
        'ell',
        subjects.map((lines) => lines.map((line) => line.normalize('NFD'))),
      ),
      'ell',
    );
    // (U+0345, the iota below, is a mark that a case-blind letter class takes for a letter, as the look
    // behind did: 'τῷ' is a word before the name. Read case-sensitively, it lost the name's capital.)
    expect(titles.map((title) => title.normalize('NFC'))).toEqual(['Δόξα τῷ Ὁμήρῳ', 'Θάλασσα τῇ Ἀθήνῃ']);
  });

  it("keeps a Persian word written with a zero-width non-joiner whole ('دانشگاه‌های', universities)", () => {
    const titles = titleTopics(
      topicsIn('fas', [
        [
          'امروز درباره دانشگاه‌های ایران صحبت می‌کنیم.',
          'دانشگاه‌های ایران دانشجویان زیادی دارند.',
          'کنکور سراسری برای دانشجویان سخت است.',
          'دانشگاه‌های دولتی رایگان هستند.',
        ],
        [
          'در پایان درباره آلودگی هوای تهران.',
          'آلودگی هوای تهران در زمستان بدتر می‌شود.',
          'مدرسه‌ها به خاطر آلودگی هوا تعطیل شدند.',
          'خودروهای فرسوده هوا را آلوده می‌کنند.',
        ],
      ]),
      'fas',
    );
    // (It read 'دانشگاه های ایران': the word cut at its non-joiner, a space written in it.)
    expect(titles[0]).toMatch(/^دانشگاه\u200cهای ایران/);
    expect(titles.join(' ')).not.toMatch(/(?:^| )های(?: |$)/);
  });
});
