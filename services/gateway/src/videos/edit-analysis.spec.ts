import { AppError, editMessages, type AnalysisEdit, type Topic } from '@findclips/contracts';
import { applyEdit } from './edit-analysis';

const quote = (id: string, startTime: number, endTime: number) => ({ id, content: `Quote ${id}`, startTime, endTime });
const topics: Topic[] = [
  { id: 'a', title: 'Opening', startTime: 0, endTime: 60, quotes: [quote('a0', 2, 12), quote('a1', 14, 30)] },
  { id: 'b', title: 'Buses', startTime: 60, endTime: 120, quotes: [quote('b1', 75, 95), quote('b2', 96, 110)] },
  { id: 'c', title: 'Trams', startTime: 125, endTime: 200, quotes: [] },
];
/** Where sentences start: every 5 s, as a transcript's would. */
const starts = Array.from({ length: 41 }, (_, i) => i * 5);

/** The message of the AppError `run` throws. */
function refusal(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('the edit was accepted');
}

describe('editing an analysis before sharing it', () => {
  it('renames a topic and removes topics and quotes, leaving the others as they were', () => {
    const renamed = applyEdit(topics, { action: 'rename', topicId: 'b', title: 'Why cities add bus lanes' }, starts);
    expect(renamed.map((t) => t.title)).toEqual(['Opening', 'Why cities add bus lanes', 'Trams']);
    expect(topics[1]!.title).toBe('Buses');
    expect(applyEdit(topics, { action: 'removeTopic', topicId: 'a' }, starts).map((t) => t.id)).toEqual(['b', 'c']);
    expect(applyEdit(topics, { action: 'removeQuote', topicId: 'b', quoteId: 'b1' }, starts)[1]!.quotes.map((q) => q.id)).toEqual(
      ['b2'],
    );
  });

  it('moves a start to the sentence before or after it, and the topic before follows', () => {
    const withoutQuote = applyEdit(topics, { action: 'removeQuote', topicId: 'a', quoteId: 'a1' }, starts);
    const earlier = applyEdit(withoutQuote, { action: 'moveStart', topicId: 'b', direction: 'earlier' }, starts);
    expect(earlier.slice(0, 2).map((t) => [t.startTime, t.endTime])).toEqual([
      [0, 55],
      [55, 120],
    ]);
    const later = applyEdit(topics, { action: 'moveStart', topicId: 'b', direction: 'later' }, starts);
    expect(later.slice(0, 2).map((t) => [t.startTime, t.endTime])).toEqual([
      [0, 65],
      [65, 120],
    ]);
    // A topic starting with the caption line just before its first sentence moves a whole sentence.
    const nearly = [topics[0]!, { ...topics[1]!, startTime: 59.2, quotes: [] }];
    expect(applyEdit(nearly, { action: 'moveStart', topicId: 'b', direction: 'later' }, starts)[1]!.startTime).toBe(65);
    expect(applyEdit(nearly, { action: 'moveStart', topicId: 'b', direction: 'earlier' }, starts)[1]!.startTime).toBe(55);
    // A topic after a gap moves into it; the topic before keeps its end.
    const intoGap = applyEdit(topics, { action: 'moveStart', topicId: 'c', direction: 'earlier' }, starts);
    expect(intoGap.map((t) => [t.startTime, t.endTime])).toEqual([
      [0, 60],
      [60, 120],
      [120, 200],
    ]);
  });

  it('brings a removed topic back as it was when removed, into the time no other topic covers now', () => {
    // Quote b1 removed, the start moved a sentence later, renamed, then the topic removed.
    const before = [
      topics[0]!,
      { ...topics[1]!, title: 'Why cities add bus lanes', startTime: 65, quotes: [topics[1]!.quotes[1]!] },
      topics[2]!,
    ];
    const removed = applyEdit(before, { action: 'removeTopic', topicId: 'b' }, starts);
    const restore: AnalysisEdit = {
      action: 'restoreTopic',
      topicId: 'b',
      title: 'Why cities add bus lanes',
      startTime: 65,
      endTime: 120,
      quoteIds: ['b2'],
    };
    expect(applyEdit(removed, restore, starts, topics)).toEqual(before);
    // Without its state, as the analysis made it; a time that is no sentence start is not taken.
    expect(applyEdit(removed, { action: 'restoreTopic', topicId: 'b' }, starts, topics)[1]).toEqual(topics[1]);
    expect(applyEdit(removed, { ...restore, startTime: 63 }, starts, topics)[1]!.startTime).toBe(60);
    // The analyzer's own title, however long, comes back; a longer one of the member's does not.
    const long = 'Bus lanes '.repeat(20).trim();
    const madeLong = topics.map((t) => (t.id === 'b' ? { ...t, title: long } : t));
    expect(applyEdit(removed, { action: 'restoreTopic', topicId: 'b', title: long }, starts, madeLong)[1]!.title).toBe(long);
    expect(refusal(() => applyEdit(removed, { action: 'restoreTopic', topicId: 'b', title: long }, starts, topics)).code).toBe(
      'VALIDATION_ERROR',
    );
    // The topic after it moved into its time since: it comes back shorter, with the quotes still in it.
    const moved = removed.map((t) => (t.id === 'c' ? { ...t, startTime: 100 } : t));
    expect(applyEdit(moved, { action: 'restoreTopic', topicId: 'b' }, starts, topics)[1]).toMatchObject({
      startTime: 60,
      endTime: 100,
      quotes: [topics[1]!.quotes[0]],
    });
    // The topic before it ran into its time since (the start it followed moved later): it comes back after it.
    const grown = removed.map((t) => (t.id === 'a' ? { ...t, endTime: 80 } : t));
    expect(applyEdit(grown, { action: 'restoreTopic', topicId: 'b' }, starts, topics)[1]).toMatchObject({
      startTime: 80,
      endTime: 120,
      quotes: [topics[1]!.quotes[1]],
    });
    // Of the topics before it, the latest is the one it follows.
    const madeWithQuote = topics.map((t) => (t.id === 'c' ? { ...t, quotes: [quote('c1', 160, 170)] } : t));
    const withoutLast = [topics[0]!, { ...topics[1]!, endTime: 150 }];
    expect(applyEdit(withoutLast, { action: 'restoreTopic', topicId: 'c' }, starts, madeWithQuote)[2]).toMatchObject({
      startTime: 150,
      endTime: 200,
    });
    // No time left for it, or none of its quotes; a topic not removed; a quote it never had.
    for (const start of [60, 70]) {
      const covered = removed.map((t) => (t.id === 'c' ? { ...t, startTime: start } : t));
      expect(refusal(() => applyEdit(covered, { action: 'restoreTopic', topicId: 'b' }, starts, topics))).toEqual({
        code: 'CONFLICT',
        message: editMessages.noRoomToRestore,
      });
    }
    expect(refusal(() => applyEdit(topics, { action: 'restoreTopic', topicId: 'b' }, starts, topics))).toEqual({
      code: 'CONFLICT',
      message: editMessages.notRemoved,
    });
    expect(refusal(() => applyEdit(removed, { ...restore, quoteIds: ['a1'] }, starts, topics))).toEqual({
      code: 'NOT_FOUND',
      message: editMessages.quoteNotFound,
    });
  });

  it('brings back no topic of an analysis made before the one read now', () => {
    const removed = applyEdit(topics, { action: 'removeTopic', topicId: 'b' }, starts);
    // The video was analysed anew: the topics read now are not the ones the topic was removed from.
    const anew = [
      { ...topics[0]!, id: 'n1' },
      { ...topics[2]!, id: 'n2' },
    ];
    expect(refusal(() => applyEdit(anew, { action: 'restoreTopic', topicId: 'b' }, starts, topics))).toEqual({
      code: 'CONFLICT',
      message: editMessages.remadeSinceRemoved,
    });
    expect(refusal(() => applyEdit(removed, { action: 'restoreTopic', topicId: 'b' }, starts, anew))).toEqual({
      code: 'CONFLICT',
      message: editMessages.remadeSinceRemoved,
    });
    // An id the analysis never had is not said to be a newer analysis's.
    expect(refusal(() => applyEdit(topics.slice(0, 1), { action: 'restoreTopic', topicId: 'zz' }, starts, topics))).toEqual({
      code: 'NOT_FOUND',
      message:
        'This topic is not in the analysis as it was made (the video may have been analysed anew since): it cannot come back.',
    });
  });

  it('brings a removed quote back into its place in its topic, while the topic covers its time', () => {
    const three = [{ ...topics[0]!, quotes: [...topics[0]!.quotes, quote('a2', 40, 55)] }, topics[1]!];
    const removed = applyEdit(three, { action: 'removeQuote', topicId: 'a', quoteId: 'a1' }, starts);
    const restore: AnalysisEdit = { action: 'restoreQuote', topicId: 'a', quoteId: 'a1' };
    expect(applyEdit(removed, restore, starts, three)).toEqual(three);
    // Renamed since, the topic keeps its new title.
    const renamed = applyEdit(removed, { action: 'rename', topicId: 'a', title: 'Hello' }, starts);
    expect(applyEdit(renamed, restore, starts, three)[0]).toEqual({ ...three[0], title: 'Hello' });
    expect(refusal(() => applyEdit(three, restore, starts, three))).toEqual({
      code: 'CONFLICT',
      message: editMessages.quoteNotRemoved,
    });
    // A quote removed from another topic, or one the analysis never had.
    const alsoB1 = applyEdit(removed, { action: 'removeQuote', topicId: 'b', quoteId: 'b1' }, starts);
    for (const quoteId of ['b1', 'zz']) {
      expect(refusal(() => applyEdit(alsoB1, { ...restore, quoteId }, starts, three))).toEqual({
        code: 'NOT_FOUND',
        message: editMessages.quoteNotMade,
      });
    }
    // Its topic starts after it now (its start moved later), or is gone.
    const later = [three[0]!, { ...topics[1]!, startTime: 80, quotes: [topics[1]!.quotes[1]!] }];
    expect(refusal(() => applyEdit(later, { ...restore, topicId: 'b', quoteId: 'b1' }, starts, three))).toEqual({
      code: 'CONFLICT',
      message: editMessages.quoteOutsideTopic,
    });
    const withoutTopic = applyEdit(removed, { action: 'removeTopic', topicId: 'a' }, starts);
    expect(refusal(() => applyEdit(withoutTopic, restore, starts, three))).toEqual({
      code: 'CONFLICT',
      message: editMessages.quoteTopicRemoved,
    });
    // A quote the analysis made outside its topic's times (an older analysis's) comes back as made.
    const outside = [{ ...topics[0]!, quotes: [topics[0]!.quotes[0]!, quote('a9', 58, 70)] }, topics[1]!];
    const withoutOutside = applyEdit(outside, { action: 'removeQuote', topicId: 'a', quoteId: 'a9' }, starts);
    expect(applyEdit(withoutOutside, { ...restore, quoteId: 'a9' }, starts, outside)).toEqual(outside);
    // The video was analysed anew since: a new analysis has topics of its own (edits of an older
    // one, or the new one as made).
    const anew = [
      { ...topics[0]!, quotes: [topics[0]!.quotes[0]!] },
      { ...topics[1]!, id: 'n1' },
    ];
    expect(refusal(() => applyEdit(anew, restore, starts, three))).toEqual({
      code: 'CONFLICT',
      message: editMessages.remadeSinceQuoteRemoved,
    });
    const remade = three.map((t) => ({ ...t, id: `new-${t.id}`, quotes: t.quotes.map((q) => ({ ...q, id: `new-${q.id}` })) }));
    expect(refusal(() => applyEdit(remade, restore, starts, remade))).toEqual({
      code: 'NOT_FOUND',
      message: editMessages.quoteNotMade,
    });
  });

  it('refuses what would break the analysis, with a message that says why', () => {
    expect(refusal(() => applyEdit(topics, { action: 'moveStart', topicId: 'a', direction: 'earlier' }, starts))).toEqual({
      code: 'CONFLICT',
      message: editMessages.noEarlier,
    });
    // Nor past the start of the topic before, even one without quotes in the way: it would last nothing.
    const oneSentence = [
      { ...topics[0]!, endTime: 5, quotes: [] },
      { ...topics[1]!, startTime: 5 },
    ];
    expect(refusal(() => applyEdit(oneSentence, { action: 'moveStart', topicId: 'b', direction: 'earlier' }, starts))).toEqual({
      code: 'CONFLICT',
      message: editMessages.noEarlier,
    });
    // The sentence before 'Buses' is free, but a quote of 'Opening' runs into it.
    const quoteInTheWay = [{ ...topics[0]!, quotes: [quote('a0', 2, 12), quote('a1', 40, 58)] }, topics[1]!];
    expect(refusal(() => applyEdit(quoteInTheWay, { action: 'moveStart', topicId: 'b', direction: 'earlier' }, starts))).toEqual({
      code: 'CONFLICT',
      message: editMessages.quoteOfTopicBefore,
    });
    // Its only quote cannot be removed: the message does not ask for it.
    const onlyQuoteInTheWay = [{ ...topics[0]!, quotes: [quote('a1', 40, 58)] }, topics[1]!];
    expect(
      refusal(() => applyEdit(onlyQuoteInTheWay, { action: 'moveStart', topicId: 'b', direction: 'earlier' }, starts)),
    ).toEqual({
      code: 'CONFLICT',
      message: editMessages.onlyQuoteOfTopicBefore,
    });
    const short = [{ ...topics[2]!, startTime: 100, endTime: 104 }];
    expect(refusal(() => applyEdit(short, { action: 'moveStart', topicId: 'c', direction: 'later' }, starts))).toEqual({
      code: 'CONFLICT',
      message: editMessages.noLater,
    });
    const quoteFirst = [{ ...topics[1]!, quotes: [quote('b1', 61, 80), quote('b2', 96, 110)] }];
    expect(refusal(() => applyEdit(quoteFirst, { action: 'moveStart', topicId: 'b', direction: 'later' }, starts))).toEqual({
      code: 'CONFLICT',
      message: editMessages.pastQuote,
    });
    const onlyQuoteFirst = [{ ...topics[1]!, quotes: [quote('b1', 61, 80)] }];
    expect(refusal(() => applyEdit(onlyQuoteFirst, { action: 'moveStart', topicId: 'b', direction: 'later' }, starts))).toEqual({
      code: 'CONFLICT',
      message: editMessages.pastOnlyQuote,
    });
    expect(refusal(() => applyEdit(topics.slice(0, 1), { action: 'removeTopic', topicId: 'a' }, starts))).toEqual({
      code: 'CONFLICT',
      message: editMessages.lastTopic,
    });
    expect(refusal(() => applyEdit(topics, { action: 'rename', topicId: 'zz', title: 'New' }, starts))).toEqual({
      code: 'NOT_FOUND',
      message: editMessages.topicNotFound,
    });
    expect(refusal(() => applyEdit(topics, { action: 'removeQuote', topicId: 'a', quoteId: 'b1' }, starts))).toEqual({
      code: 'NOT_FOUND',
      message: editMessages.quoteNotFound,
    });
    // Each topic keeps one or more quotes.
    const oneQuote = applyEdit(topics, { action: 'removeQuote', topicId: 'b', quoteId: 'b2' }, starts);
    expect(refusal(() => applyEdit(oneQuote, { action: 'removeQuote', topicId: 'b', quoteId: 'b1' }, starts))).toEqual({
      code: 'CONFLICT',
      message: editMessages.lastQuote,
    });
  });
});
