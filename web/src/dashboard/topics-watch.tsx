import type { Topic } from '@findclips/contracts';
import { PlayCircle } from 'lucide-react';
import { ClipPlayer } from '../components/clip-player';
import { LazyMount } from '../components/lazy-clip';
import { formatRange } from '../lib/format';
import { useSpokenText } from '../lib/spoken-language';

/** Watch mode: one section per topic; its clip mounts only near the viewport. */
export function TopicsWatch({ youtubeId, topics }: { youtubeId: string; topics: Topic[] }) {
  const spoken = useSpokenText();
  return (
    <div className="grid gap-8">
      {topics.map((topic, index) => (
        <section key={topic.id} id={`topic-${index + 1}`} aria-labelledby={`watch-topic-${index + 1}`}>
          <h3 id={`watch-topic-${index + 1}`} className="text-lg font-semibold wrap-anywhere">
            {/* The space is in the text: a screen reader says '1. Title', not '1.Title'. */}
            <span className="mr-1 text-brand-700">{index + 1}.</span> <bdi {...spoken}>{topic.title}</bdi>
          </h3>
          <p className="mb-3 text-sm text-slate-500">{formatRange(topic.startTime, topic.endTime)}</p>
          <LazyMount
            placeholder={
              <div className="flex aspect-video w-full items-center justify-center rounded-lg bg-slate-200 text-slate-500">
                <PlayCircle className="h-10 w-10" aria-hidden />
                <span className="sr-only">Clip loads when scrolled into view</span>
              </div>
            }
          >
            <ClipPlayer youtubeId={youtubeId} start={topic.startTime} end={topic.endTime} title={topic.title} spokenTitle />
          </LazyMount>
        </section>
      ))}
    </div>
  );
}
