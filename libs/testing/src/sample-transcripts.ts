import type { TranscriptSegment } from '@findclips/contracts';

/**
 * Passages we wrote ourselves for tests and the demo: a podcast host and guest on eight topics.
 * Each passage opens the way speakers open a topic, so an analyzer has real cues to find.
 */
const SAMPLE_TOPICS: { title: string; sentences: string[] }[] = [
  {
    title: 'Why sleep matters for memory',
    sentences: [
      "Let's talk about sleep, because I think most people underestimate it.",
      'When you sleep, your brain replays what you learned during the day and files it away.',
      'In one study, students who slept after studying remembered forty percent more the next morning.',
      'Deep sleep early in the night seems to matter most for facts and names.',
      'Dream sleep later in the night helps with skills, like playing the piano or riding a bike.',
      'So if you cut your night short, you lose exactly the part that locks in new skills.',
      'Caffeine after two in the afternoon still blocks those receptors at bedtime.',
      'My rule is simple: the same wake-up time every single day, weekends included.',
      'The single best thing you can do for your memory tonight is go to bed on time.',
    ],
  },
  {
    title: 'Building a company with a tiny team',
    sentences: [
      'So, moving on, I want to ask you about building the company with only four people.',
      'We decided early that we would never hire someone to do a job we had not done ourselves.',
      'That rule saved us, because every process we wrote down was one we understood.',
      'Our first customer paid nine hundred dollars a month and we nearly fell off our chairs.',
      'Small teams move faster because nobody has to schedule a meeting to make a decision.',
      'The hardest part was saying no to big clients who wanted custom features.',
      'Every custom feature is a promise you keep paying for, forever.',
      'We grew revenue three times in a year without adding a single engineer.',
      'If I started again, I would write the documentation before the code.',
    ],
  },
  {
    title: 'What running a marathon teaches you',
    sentences: [
      'Next question: you ran your first marathon at fifty, what made you start?',
      'Honestly, my doctor told me my blood pressure was a problem and I was scared.',
      'The first week I could not run for more than two minutes without stopping.',
      'Training is mostly boring, slow miles, and that is exactly why it works.',
      'At mile twenty your body runs out of stored sugar and everything hurts.',
      'That is when you learn that you can keep going long after you want to stop.',
      'I finished in four hours and fifty one minutes and I cried at the line.',
      'Running taught me that consistency beats intensity in almost everything.',
      'You do not need to be fast, you need to show up three times a week.',
    ],
  },
  {
    title: 'How cities can fix traffic',
    sentences: [
      "Now let's turn to cities, because you have strong opinions about traffic.",
      'Adding lanes to a highway almost never reduces traffic for more than a few years.',
      'Engineers call it induced demand: new roads invite new drivers.',
      'Paris removed cars from the river roads and traffic in the area went down, not up.',
      'The cheapest fix is often better buses that come every five minutes.',
      'People will leave their car at home if the alternative is reliable.',
      'A protected bike lane costs less than one highway interchange.',
      'The cities that changed fastest did it by running cheap experiments first.',
      'Paint some lines, put out some planters, and measure what happens.',
    ],
  },
  {
    title: 'The science of habits',
    sentences: [
      'Okay, so the next thing I want to get into is habits.',
      'A habit is a shortcut your brain builds so it does not have to decide.',
      'Every habit has a cue, a routine and a reward, and the cue is the part people ignore.',
      'If you want to floss, put the floss next to your toothbrush, not in a drawer.',
      'Research suggests a new habit takes about sixty six days on average, not twenty one.',
      'Missing one day does not reset anything, so stop being so hard on yourself.',
      'The trick is to make the first step so small it feels silly.',
      'Two push-ups a day sounds useless until you realise you never skip it.',
      'Change the environment and the behaviour follows.',
    ],
  },
  {
    title: 'Money advice for people in their twenties',
    sentences: [
      'Before we wrap up, what money advice would you give someone in their twenties?',
      'Automate your savings so the money leaves before you ever see it.',
      'Even fifty dollars a month into an index fund adds up to a lot over forty years.',
      'Compound interest is boring for ten years and then it is magic.',
      'The biggest mistake I made was buying a car I could not afford to impress people.',
      'Nobody remembers your car, but you will remember the debt.',
      'Keep three months of expenses in cash so one bad month does not become a crisis.',
      'Spend freely on the things you love and cut ruthlessly on everything else.',
      'Your income is your biggest tool, so invest in skills first.',
    ],
  },
  {
    title: 'Learning a second language as an adult',
    sentences: [
      "Here's the thing about learning a language after thirty: it is not too late.",
      'Adults actually learn vocabulary faster than children because we can use strategies.',
      'What children have is time, hours every day of listening without pressure.',
      'I learned Spanish by watching the same comedy series three times with subtitles.',
      'Speak from the first week, even if you only know twenty words.',
      'Mistakes are data, and native speakers are far more patient than you think.',
      'Fifteen minutes every day beats two hours on a Sunday.',
      'Within a year I could argue about football in a bar in Madrid.',
      'The goal is not perfection, it is connection.',
    ],
  },
  {
    title: 'Why boredom is good for creativity',
    sentences: [
      'So let me ask you about boredom, which you wrote a whole chapter on.',
      'We have removed every boring moment from our lives with our phones.',
      'But boredom is the signal that makes your mind start wandering.',
      'Mind wandering is where most of my best ideas have come from.',
      'In one experiment, people who copied phone numbers first came up with more creative ideas afterwards.',
      'Try taking a walk without headphones once a day.',
      'The first ten minutes feel uncomfortable and then your brain starts playing.',
      'I keep a notebook because the ideas arrive when I am not looking for them.',
      'Protect a little emptiness in your day and see what fills it.',
    ],
  },
];

/**
 * A talk in Japanese, written without spaces (each line one caption segment with `sampleTranscript`,
 * which cuts at spaces): for timing the analyzer where every sentence goes through the platform's
 * word dictionary.
 */
export const JAPANESE_SAMPLE_TOPICS: { title: string; sentences: string[] }[] = [
  {
    title: '富士山の登り方',
    sentences: [
      '今日は富士山の登山について話します。',
      '富士山の登山道は四つあります。',
      '吉田ルートが一番人気です。',
      '山頂までは六時間ほどかかります。',
      '高山病に気をつけてください！',
      '水と食料を十分に持っていきましょう。',
    ],
  },
  {
    title: '京都の寺院',
    sentences: [
      '次に京都の寺院を紹介します。',
      '金閣寺は室町時代に建てられました。',
      '清水寺の舞台からの眺めは素晴らしいです。',
      '秋の紅葉の季節は観光客が多いです。',
      '朝早く行くと静かに見学できます。',
      'お寺の庭園はとても美しいですか？',
    ],
  },
  {
    title: '日本料理',
    sentences: [
      '最後に日本料理の話をしましょう。',
      '寿司と天ぷらは海外でも有名です。',
      'ラーメンは地域ごとに味が違います。',
      '札幌の味噌ラーメンは寒い冬にぴったりです。',
      '博多の豚骨ラーメンも人気があります。',
      '和食はユネスコの無形文化遺産です。',
    ],
  },
];

/**
 * A timed transcript of about `seconds`, cut into caption segments of about five seconds as
 * YouTube's are, cycling through the passages (each pass numbered, so texts stay distinct).
 */
export function sampleTranscript(seconds: number, { topics = SAMPLE_TOPICS, wordsPerSecond = 2.5 } = {}): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  let time = 0;
  for (let pass = 0; time < seconds; pass++) {
    for (const topic of topics) {
      if (time >= seconds) break;
      const sentences = pass === 0 ? topic.sentences : [`Coming back to this for part ${pass + 1}.`, ...topic.sentences];
      for (const sentence of sentences) {
        const words = sentence.split(' ');
        for (let i = 0; i < words.length; i += 12) {
          const chunk = words.slice(i, i + 12);
          const duration = Math.max(1.5, chunk.length / wordsPerSecond);
          segments.push({ text: chunk.join(' '), start: round(time), end: round(time + duration) });
          time += duration + 0.2;
        }
      }
      time += 1.5; // a pause between topics
    }
  }
  return segments;
}

const round = (value: number) => Math.round(value * 100) / 100;
