import { TOPIC_TITLE_MAX, type Topic } from '@findclips/contracts';
import { ArrowDownToLine, ArrowUpToLine, Clock, Lock, Pencil, Play, Trash2 } from 'lucide-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ClipPlayer } from '../components/clip-player';
import { Dialog } from '../components/dialog';
import { QuoteCard } from '../components/quote-card';
import { Button, Card, Input } from '../components/ui';
import { formatRange } from '../lib/format';
import { useGuestQuotes } from './guest-quotes';
import type { AnalysisEditing } from './use-analysis-edits';

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
  const [playing, setPlaying] = useState<Topic | null>(null);
  // One Viral Cut plays at a time: opening another closes the one before.
  const [openQuote, setOpenQuote] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const quotes = useGuestQuotes(youtubeId, isGuest);
  const editable = editing !== undefined;
  const saving = editing?.saving ?? false;
  const focusNext = useFocusAfterEdit(saving);
  /**
   * Saves `change`; then focus goes to `after` (an element's id) when it was saved, or back to the
   * control used (`from`) when it was refused, never to the page: the control is disabled while
   * saving, and a removed topic or quote takes its controls with it.
   */
  const edit = (change: Parameters<AnalysisEditing['edit']>[0], from: string, after = from, onSuccess?: () => void) =>
    editing?.edit(change, {
      onSuccess,
      onSettled: (_data, error) => focusNext(error ? from : after),
    });
  /** Where focus goes when the topic at `index` is removed: the next topic's title, else the previous one's. */
  const besideTopic = (index: number) => titleId(topics[index + 1] ?? topics[index - 1]!);
  return (
    <ol className="grid gap-4" aria-label="Topics">
      {topics.map((topic, index) => (
        <li key={topic.id} id={`topic-${index + 1}`}>
          <Card className="p-4 sm:p-5">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 flex-1">
                {renaming === topic.id ? (
                  <RenameForm
                    number={index + 1}
                    title={topic.title}
                    saving={saving}
                    onCancel={() => {
                      setRenaming(null);
                      focusNext(`rename-${topic.id}`);
                    }}
                    onSave={(title) =>
                      edit({ action: 'rename', topicId: topic.id, title }, `rename-${topic.id}`, undefined, () =>
                        setRenaming(null),
                      )
                    }
                  />
                ) : (
                  <h3 id={titleId(topic)} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
                    <span className="mr-2 text-brand-700">{index + 1}.</span>
                    {topic.title}
                  </h3>
                )}
                <p className="mt-1 flex items-center gap-1 text-sm text-slate-500">
                  <Clock className="h-3.5 w-3.5" aria-hidden />
                  {formatRange(topic.startTime, topic.endTime)}
                </p>
                {editable && renaming !== topic.id && (
                  <div className="mt-2 flex flex-wrap gap-1" role="group" aria-label={`Edit topic ${index + 1}`}>
                    <EditButton
                      id={`rename-${topic.id}`}
                      label={`Rename topic ${index + 1}`}
                      disabled={saving}
                      onClick={() => setRenaming(topic.id)}
                    >
                      <Pencil className="h-4 w-4" aria-hidden />
                      Rename
                    </EditButton>
                    <EditButton
                      id={`earlier-${topic.id}`}
                      label={`Start earlier by one sentence, topic ${index + 1}`}
                      disabled={saving}
                      onClick={() =>
                        edit({ action: 'moveStart', topicId: topic.id, direction: 'earlier' }, `earlier-${topic.id}`)
                      }
                    >
                      <ArrowUpToLine className="h-4 w-4" aria-hidden />
                      Start earlier
                    </EditButton>
                    <EditButton
                      id={`later-${topic.id}`}
                      label={`Start later by one sentence, topic ${index + 1}`}
                      disabled={saving}
                      onClick={() => edit({ action: 'moveStart', topicId: topic.id, direction: 'later' }, `later-${topic.id}`)}
                    >
                      <ArrowDownToLine className="h-4 w-4" aria-hidden />
                      Start later
                    </EditButton>
                    {topics.length > 1 && (
                      <EditButton
                        id={`remove-topic-${topic.id}`}
                        label={`Remove topic ${index + 1}`}
                        disabled={saving}
                        onClick={() =>
                          edit({ action: 'removeTopic', topicId: topic.id }, `remove-topic-${topic.id}`, besideTopic(index))
                        }
                      >
                        <Trash2 className="h-4 w-4" aria-hidden />
                        Remove
                      </EditButton>
                    )}
                  </div>
                )}
              </div>
              <Button variant="outline" onClick={() => setPlaying(topic)} className="shrink-0">
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
                  onOpen={() => {
                    quotes.use(quote.id);
                    setOpenQuote(quote.id);
                  }}
                  onClose={() => setOpenQuote(null)}
                  locked={quotes.canPlay(quote.id) ? undefined : <GuestLimit />}
                  actions={
                    editable && (
                      <EditButton
                        id={`remove-quote-${quote.id}`}
                        label={`Remove quote ${q + 1} of topic ${index + 1}`}
                        disabled={saving}
                        onClick={() => {
                          // Then the next quote's Remove, else the previous one's, else the topic's title.
                          const beside = topic.quotes[q + 1] ?? topic.quotes[q - 1];
                          const after = beside ? `remove-quote-${beside.id}` : titleId(topic);
                          edit(
                            { action: 'removeQuote', topicId: topic.id, quoteId: quote.id },
                            `remove-quote-${quote.id}`,
                            after,
                          );
                        }}
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
      ))}
      <Dialog open={playing !== null} onOpenChange={(open) => !open && setPlaying(null)} title={playing?.title ?? ''} wide>
        {playing && (
          <ClipPlayer youtubeId={youtubeId} start={playing.startTime} end={playing.endTime} title={playing.title} autoplay />
        )}
      </Dialog>
    </ol>
  );
}

/** The id of a topic's title, where focus can go. */
const titleId = (topic: Topic) => `title-${topic.id}`;

/**
 * Focus for after an edit: `focusNext(id)` focuses the element with that id once the edit has
 * re-rendered the topics and its controls are enabled again.
 */
function useFocusAfterEdit(saving: boolean) {
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    if (target === null || saving) return;
    document.getElementById(target)?.focus();
    setTarget(null);
  }, [target, saving]);
  return setTarget;
}

/** A small edit control: its visible words, and a full name for screen readers. */
function EditButton({
  id,
  label,
  disabled,
  onClick,
  children,
}: {
  id: string;
  label: string;
  disabled: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <Button
      id={id}
      variant="ghost"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="h-8 px-2 text-xs"
    >
      {children}
    </Button>
  );
}

/** The topic's title as a field: Enter (or Save) saves it, Esc (or Cancel) leaves it as it was. */
function RenameForm({
  number,
  title,
  saving,
  onSave,
  onCancel,
}: {
  number: number;
  title: string;
  saving: boolean;
  onSave(title: string): void;
  onCancel(): void;
}) {
  const [value, setValue] = useState(title);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() === title) return onCancel();
    if (value.trim()) onSave(value.trim());
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
      <Input
        aria-label={`Title of topic ${number}`}
        value={value}
        maxLength={TOPIC_TITLE_MAX}
        autoFocus
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && (event.preventDefault(), onCancel())}
        className="min-w-0 flex-1 text-base font-semibold"
      />
      <Button type="submit" disabled={saving || !value.trim()} className="h-9">
        Save
      </Button>
      <Button type="button" variant="outline" onClick={onCancel} className="h-9">
        Cancel
      </Button>
    </form>
  );
}

function GuestLimit() {
  return (
    <p className="flex items-center gap-2 text-sm text-slate-600">
      <Lock className="h-4 w-4" aria-hidden />
      Guests can play 4 clips per video.
      <Link to="/auth" className="font-medium text-brand-700 underline">
        Sign up for unlimited access
      </Link>
    </p>
  );
}
