import { editMessages, SAME_MOMENT_SECONDS, type Quote, type Topic, type VideoAnalysisResponse } from '@findclips/contracts';
import { ArrowDownToLine, ArrowUpToLine, Clock, Lock, Pencil, Play, Trash2 } from 'lucide-react';
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ClipPlayer } from '../components/clip-player';
import { Dialog } from '../components/dialog';
import { openAmong, QuoteCard } from '../components/quote-card';
import { Button, Card } from '../components/ui';
import { formatRange, formatTime, isolated } from '../lib/format';
import { announce, ensureAnnouncer } from '../lib/announce';
import { useToast } from '../lib/toast';
import { useFocusAfterEdit } from './focus-after-edit';
import { GUEST_QUOTE_ALLOWANCE, useGuestQuotes } from './guest-quotes';
import { SIGN_UP_STATE } from '../lib/sign-up';
import { RenameForm } from './rename-form';
import type { AnalysisEditing } from './use-analysis-edits';
import { useSpokenText } from '../lib/spoken-language';

/** Said to screen readers, as a removal's toast is read out, for the way back once its Undo is gone. */
const UNDO_ELSEWHERE = "'Undo all edits', above the topics, brings it back, and undoes your other edits too";

/**
 * Edit mode: numbered topics with their Full Topic clip and Viral Cut quotes. With `editing` (a
 * member's finished analysis) each topic can be renamed, removed or started one sentence earlier or
 * later, and each quote removed; every edit is saved at once.
 */
export function TopicsEdit({
  youtubeId,
  topics,
  isGuest,
  editing,
}: {
  youtubeId: string;
  topics: Topic[];
  isGuest: boolean;
  /** A member's finished analysis: its edits (the dashboard's, shared with 'Undo all edits'). */
  editing?: AnalysisEditing;
}) {
  const spoken = useSpokenText();
  const [playing, setPlaying] = useState<Topic | null>(null);
  // One Viral Cut plays at a time: opening another closes the one before.
  const [openQuote, setOpenQuote] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const quotes = useGuestQuotes(youtubeId, isGuest);
  const editable = editing !== undefined;
  const saving = editing?.saving ?? false;
  const list = useRef<HTMLOListElement>(null);
  const focusNext = useFocusAfterEdit(saving, list);
  // The live region in the page before its first message ('Title saved'): one added already filled is not read.
  useEffect(() => void (editable && ensureAnnouncer()), [editable]);
  /**
   * Saves `change`; then focus goes to the element with id `after` when it was saved, or back to
   * `from` (the control used) when it was refused, never to the page: the control is disabled
   * while saving, and a removed topic or quote takes its controls with it.
   */
  const edit = (
    change: Parameters<AnalysisEditing['edit']>[0],
    { from, after = from, onSuccess }: { from: string; after?: string; onSuccess?: (analysis: VideoAnalysisResponse) => void },
  ) => {
    const used = document.activeElement;
    void editing?.edit(change, { onSuccess, onSettled: (error) => focusNext({ to: error ? from : after, used }) });
  };
  const toast = useToast();
  /**
   * Moves a topic's start by one sentence and says where it starts now: two sentences may start
   * within one second, where the time shown would not change.
   */
  const moveStart = (topic: Topic, number: number, direction: 'earlier' | 'later', from: string) =>
    edit(
      { action: 'moveStart', topicId: topic.id, direction },
      {
        from,
        onSuccess: (analysis) => {
          const moved = analysis.analyzedTopics.find((t) => t.id === topic.id);
          if (moved)
            toast({
              title: 'Start moved',
              description: `Topic ${number} now starts one sentence ${direction}, at ${formatTime(moved.startTime)}.`,
            });
        },
      },
    );
  /** Where focus goes when the topic at `index` is removed: the next topic's title, else the previous one's. */
  const besideTopic = (index: number) => ids.title(topics[index + 1] ?? topics[index - 1]!);
  // A topic or quote brought back takes the focus once it is on the page (the topic's title, the
  // quote's Remove), unless another video is by then.
  const [restored, setRestored] = useState<{ focus: string; video: string } | null>(null);
  useEffect(() => {
    if (!restored) return;
    if (restored.video !== youtubeId) return setRestored(null);
    const target = document.getElementById(restored.focus);
    // Not on the page yet, or a control waiting for an edit that is saving: tried again after it.
    if (!target || (target as HTMLButtonElement).disabled) return;
    target.focus();
    setRestored(null);
  }, [restored, topics, youtubeId, saving]);
  /**
   * Saves the removal `change`, then says what it removed in a toast whose Undo saves `undo` and,
   * once saved, says so and puts the focus on what came back (`focus`).
   */
  const removeWithUndo = (
    change: Parameters<AnalysisEditing['edit']>[0],
    focusAfter: { from: string; after: string },
    said: { title: string; description: string },
    undo: Parameters<AnalysisEditing['edit']>[0],
    back: { title: string; description: string; focus: string },
  ) => {
    const removedFrom = youtubeId;
    edit(change, {
      ...focusAfter,
      onSuccess: () =>
        toast({
          title: said.title,
          description: said.description,
          duration: 10_000,
          action: {
            label: 'Undo',
            altText: UNDO_ELSEWHERE,
            onClick: () => {
              // Off the toast before it closes (closing, it would take the focus to its region).
              list.current?.focus();
              void editing?.edit(undo, {
                onSuccess: () => {
                  // Said, as another video may be on screen by now.
                  toast({ title: back.title, description: back.description });
                  setRestored({ focus: back.focus, video: removedFrom });
                },
              });
            },
          },
        }),
    });
  };
  /** Removes a topic; its toast offers to bring it back (as it was, title included), focus then going to it. */
  const removeTopic = (topic: Topic, index: number) =>
    removeWithUndo(
      { action: 'removeTopic', topicId: topic.id },
      { from: ids.removeTopic(topic), after: besideTopic(index) },
      {
        title: 'Topic removed',
        description: `“${isolated(topic.title)}” is no longer in your analysis.`,
      },
      {
        action: 'restoreTopic',
        topicId: topic.id,
        title: topic.title,
        startTime: topic.startTime,
        endTime: topic.endTime,
        quoteIds: topic.quotes.map((quote) => quote.id),
      },
      { title: 'Topic restored', description: `“${isolated(topic.title)}” is back in your analysis.`, focus: ids.title(topic) },
    );
  /**
   * Removes a quote; focus goes to the next quote's Remove, else the previous one's, else (one
   * quote left, which has none) the topic's title. Its toast offers to bring it back.
   */
  const removeQuote = (topic: Topic, quote: Quote, q: number) => {
    const beside = topic.quotes[q + 1] ?? topic.quotes[q - 1];
    const after = beside && topic.quotes.length > 2 ? ids.removeQuote(beside) : ids.title(topic);
    const which = `Quote ${q + 1} of “${isolated(topic.title)}”`;
    removeWithUndo(
      { action: 'removeQuote', topicId: topic.id, quoteId: quote.id },
      { from: ids.removeQuote(quote), after },
      {
        title: 'Quote removed',
        description: `${which} is no longer in your analysis.`,
      },
      { action: 'restoreQuote', topicId: topic.id, quoteId: quote.id },
      { title: 'Quote restored', description: `${which} is back in your analysis.`, focus: ids.removeQuote(quote) },
    );
  };
  // The topics' controls call the latest of these through one object that never changes, so a
  // topic the change is not about keeps its render (TopicItem is memoized).
  const latest = useRef<TopicActions>(null);
  useLayoutEffect(() => {
    latest.current = {
      play: (topic) => setPlaying(topic),
      openQuote: (quoteId) => setOpenQuote(quoteId),
      closeQuote: () => setOpenQuote(null),
      usedQuote: quotes.use,
      startRename: (topic) => setRenaming(topic.id),
      cancelRename: (topic) => {
        setRenaming(null);
        focusNext({ to: ids.rename(topic) });
      },
      saveTitle: (topic, title) =>
        edit(
          { action: 'rename', topicId: topic.id, title },
          {
            from: ids.titleField(topic),
            after: ids.rename(topic),
            // Focus goes back to Rename, whose name does not change: what a screen reader hears of the save.
            onSuccess: () => (setRenaming(null), announce('Title saved')),
          },
        ),
      moveStart,
      removeTopic,
      removeQuote,
    };
  });
  const actions = useMemo<TopicActions>(
    () => ({
      play: (topic) => latest.current?.play(topic),
      openQuote: (quoteId) => latest.current?.openQuote(quoteId),
      closeQuote: () => latest.current?.closeQuote(),
      usedQuote: (quoteId) => latest.current?.usedQuote(quoteId),
      startRename: (topic) => latest.current?.startRename(topic),
      cancelRename: (topic) => latest.current?.cancelRename(topic),
      saveTitle: (topic, title) => latest.current?.saveTitle(topic, title),
      moveStart: (topic, number, direction, from) => latest.current?.moveStart(topic, number, direction, from),
      removeTopic: (topic, index) => latest.current?.removeTopic(topic, index),
      removeQuote: (topic, quote, q) => latest.current?.removeQuote(topic, quote, q),
    }),
    [],
  );
  return (
    <>
      {isGuest && <GuestClipsLeft left={quotes.left} />}
      <ol id="topics" ref={list} tabIndex={-1} className="grid gap-4" aria-label="Topics">
        {topics.map((topic, index) => (
          <TopicItem
            key={topic.id}
            topic={topic}
            index={index}
            youtubeId={youtubeId}
            editable={editable}
            saving={saving}
            renaming={renaming === topic.id}
            removable={topics.length > 1}
            refusedEarlier={onlyQuoteBefore(topics, index)}
            // Only the topic whose clip is open is told which: the others stay as they were.
            openQuote={openAmong(topic.quotes, openQuote)}
            canPlay={quotes.canPlay}
            actions={actions}
          />
        ))}
        <Dialog
          open={playing !== null}
          onOpenChange={(open) => !open && setPlaying(null)}
          title={<bdi {...spoken}>{playing?.title}</bdi>}
          wide
        >
          {playing && (
            // As wide as the screen's height lets the whole 16:9 player show (a phone held sideways),
            // the dialog's title and padding (8rem) taken out.
            <div className="mx-auto w-full max-w-[calc((90vh_-_8rem)*16/9)]">
              <ClipPlayer
                youtubeId={youtubeId}
                start={playing.startTime}
                end={playing.endTime}
                title={playing.title}
                spokenTitle
                autoplay
              />
            </div>
          )}
        </Dialog>
      </ol>
    </>
  );
}

/** What a topic's controls do: the same functions from one render to the next (see TopicItem). */
interface TopicActions {
  play(topic: Topic): void;
  openQuote(quoteId: string): void;
  closeQuote(): void;
  usedQuote(quoteId: string): void;
  startRename(topic: Topic): void;
  cancelRename(topic: Topic): void;
  saveTitle(topic: Topic, title: string): void;
  moveStart(topic: Topic, number: number, direction: 'earlier' | 'later', from: string): void;
  removeTopic(topic: Topic, index: number): void;
  removeQuote(topic: Topic, quote: Quote, q: number): void;
}

/**
 * One numbered topic with its quotes. Memoized: opening a clip, the Full Topic player or a rename
 * renders the topic it is about again, not the other topics of a long analysis (70 topics of 5
 * quotes re-rendered took 0.4-1.4 s of main thread at each click in Chromium).
 */
const TopicItem = memo(function TopicItem({
  topic,
  index,
  youtubeId,
  editable,
  saving,
  renaming,
  removable,
  refusedEarlier,
  openQuote,
  canPlay,
  actions,
}: {
  topic: Topic;
  index: number;
  youtubeId: string;
  editable: boolean;
  saving: boolean;
  renaming: boolean;
  removable: boolean;
  refusedEarlier: boolean;
  openQuote: string | null;
  canPlay(quoteId: string): boolean;
  actions: TopicActions;
}) {
  const spoken = useSpokenText();
  return (
    <li id={`topic-${index + 1}`}>
      {/* 12 px around on a phone: with text at 200% on a 320 px screen a quote's 'Play clip'
            and the cards around it take all the width there is. */}
      <Card className="p-3 sm:p-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 flex-1">
            {renaming ? (
              <RenameForm
                id={ids.titleField(topic)}
                number={index + 1}
                title={topic.title}
                saving={saving}
                onCancel={() => actions.cancelRename(topic)}
                onSave={(title) => actions.saveTitle(topic, title)}
              />
            ) : (
              <h3 id={ids.title(topic)} tabIndex={-1} className="text-lg font-semibold wrap-anywhere">
                <span className="mr-1 text-brand-700">{index + 1}.</span> <bdi {...spoken}>{topic.title}</bdi>
              </h3>
            )}
            <p className="mt-1 flex items-center gap-1 text-sm text-slate-500">
              <Clock className="h-3.5 w-3.5" aria-hidden />
              {formatRange(topic.startTime, topic.endTime)}
            </p>
            {editable && !renaming && (
              <div className="mt-2 flex flex-wrap gap-1" role="group" aria-label={`Edit topic ${index + 1}`}>
                <EditButton
                  id={ids.rename(topic)}
                  label={`Rename topic ${index + 1}`}
                  disabled={saving}
                  onClick={() => actions.startRename(topic)}
                >
                  <Pencil className="h-4 w-4" aria-hidden />
                  Rename
                </EditButton>
                <EditButton
                  id={ids.earlier(topic)}
                  label={`Start earlier by one sentence, topic ${index + 1}`}
                  // Nothing comes before a first topic that starts with the video, nor before
                  // one whose sentence before ends the only quote of the topic before.
                  disabled={saving || (index === 0 && topic.startTime <= 0)}
                  refused={refusedEarlier ? editMessages.onlyQuoteOfTopicBefore : undefined}
                  onClick={() => actions.moveStart(topic, index + 1, 'earlier', ids.earlier(topic))}
                >
                  <ArrowUpToLine className="h-4 w-4" aria-hidden />
                  Start earlier
                </EditButton>
                <EditButton
                  id={ids.later(topic)}
                  label={`Start later by one sentence, topic ${index + 1}`}
                  disabled={saving}
                  refused={onlyQuoteFirst(topic) ? editMessages.pastOnlyQuote : undefined}
                  onClick={() => actions.moveStart(topic, index + 1, 'later', ids.later(topic))}
                >
                  <ArrowDownToLine className="h-4 w-4" aria-hidden />
                  Start later
                </EditButton>
                {removable && (
                  <EditButton
                    id={ids.removeTopic(topic)}
                    label={`Remove topic ${index + 1}`}
                    disabled={saving}
                    onClick={() => actions.removeTopic(topic, index)}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                    Remove
                  </EditButton>
                )}
              </div>
            )}
          </div>
          {/* The same words on every topic: a screen reader also reads which topic it plays. */}
          <Button variant="outline" onClick={() => actions.play(topic)} className="shrink-0" aria-describedby={ids.title(topic)}>
            <Play className="h-4 w-4" aria-hidden />
            Play Full Topic
          </Button>
        </div>
        <ul className="mt-4 grid gap-3">
          {topic.quotes.map((quote, q) => (
            <QuoteCard
              key={quote.id}
              youtubeId={youtubeId}
              quote={quote}
              open={openQuote === quote.id}
              onOpen={() => actions.openQuote(quote.id)}
              // A clip counts against a guest's allowance once it plays, not when it cannot load.
              onPlaying={() => actions.usedQuote(quote.id)}
              onClose={actions.closeQuote}
              locked={canPlay(quote.id) ? undefined : <GuestLimit />}
              actions={
                // A topic keeps one or more quotes, as an analysis keeps one or more topics.
                editable &&
                topic.quotes.length > 1 && (
                  <EditButton
                    id={ids.removeQuote(quote)}
                    label={`Remove quote ${q + 1} of topic ${index + 1}`}
                    disabled={saving}
                    onClick={() => actions.removeQuote(topic, quote, q)}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                    Remove quote
                  </EditButton>
                )
              }
            />
          ))}
        </ul>
      </Card>
    </li>
  );
});

/** Ids of what focus can go to after an edit (topic and quote ids are UUIDs, unique on the page). */
const ids = {
  title: (topic: Topic) => `title-${topic.id}`,
  titleField: (topic: Topic) => `title-field-${topic.id}`,
  rename: (topic: Topic) => `rename-${topic.id}`,
  earlier: (topic: Topic) => `earlier-${topic.id}`,
  later: (topic: Topic) => `later-${topic.id}`,
  removeTopic: (topic: Topic) => `remove-topic-${topic.id}`,
  removeQuote: (quote: Quote) => `remove-quote-${quote.id}`,
};

/** The topic before `index` ends where it starts and its only quote ends there: no sentence before is free. */
const onlyQuoteBefore = (topics: Topic[], index: number) => {
  const topic = topics[index]!;
  const before = topics[index - 1];
  return (
    before !== undefined &&
    before.endTime >= topic.startTime - SAME_MOMENT_SECONDS &&
    before.quotes.length === 1 &&
    before.quotes[0]!.endTime >= topic.startTime - SAME_MOMENT_SECONDS
  );
};
/** The topic's only quote starts with it: it cannot start a sentence later. */
const onlyQuoteFirst = (topic: Topic) =>
  topic.quotes.length === 1 && topic.quotes[0]!.startTime <= topic.startTime + SAME_MOMENT_SECONDS;

/**
 * A small edit control: its visible words, and a full name for screen readers. `refused`: why it
 * can never apply here, said in its title and description; it is disabled then.
 */
function EditButton({
  id,
  label,
  disabled,
  refused,
  onClick,
  children,
}: {
  id: string;
  label: string;
  disabled: boolean;
  refused?: string;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <Button
      id={id}
      variant="ghost"
      aria-label={label}
      aria-description={refused}
      title={refused ?? label}
      disabled={disabled || refused !== undefined}
      onClick={onClick}
      className="h-8 px-2 text-xs"
    >
      {children}
    </Button>
  );
}

/** How many more of this video's clips a guest can play, before the limit says so. */
function GuestClipsLeft({ left }: { left: number }) {
  return (
    <p role="status" className="text-sm text-slate-600">
      Quote clips you can still play on this video as a guest: <strong className="text-slate-900">{left}</strong> of{' '}
      {GUEST_QUOTE_ALLOWANCE}
    </p>
  );
}

function GuestLimit() {
  return (
    <p className="flex items-center gap-2 text-sm text-slate-600">
      <Lock className="h-4 w-4" aria-hidden />
      Guests can play 4 clips per video.
      <Link to="/auth" state={SIGN_UP_STATE} className="font-medium text-brand-700 underline">
        Sign up for unlimited access
      </Link>
    </p>
  );
}
