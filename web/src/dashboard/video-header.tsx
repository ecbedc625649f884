import { Thumbnail } from '../components/thumbnail';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { Download, Eye, MoreVertical, Pencil, RefreshCw, Share2, Trash2 } from 'lucide-react';
import { cn } from '../lib/cn';
import { Badge, Button, Card, Skeleton } from '../components/ui';
import type { ExportSource } from '@findclips/exports';
import { ExportMenu } from '../components/export-menu';
import type { ViewMode } from './use-view-mode';

interface VideoHeaderProps {
  youtubeId: string;
  /** Null while the title is loading: a skeleton stands in. */
  title: string | null;
  thumbnailUrl: string;
  isDemo: boolean;
  isGuest: boolean;
  viewMode: ViewMode;
  onViewMode(mode: ViewMode): void;
  canShare: boolean;
  onShare(): void;
  menuDisabled: boolean;
  onClear(): void;
  /**
   * Re-analyze: 'now'; 'later', the member's analysis of the video runs or loads (it waits, still
   * focusable, aria-disabled, so the focus its confirmation returns to it stays); or 'never'.
   */
  reanalyze: 'now' | 'later' | 'never';
  onReanalyze(): void;
  /** What 'Export' saves; null while there is nothing to export (demo, analysis running). */
  exportSource: ExportSource | null;
  /** An analysis is on its way: 'Export' holds its place, unusable, until its topics come. */
  exportPending?: boolean;
}

/** The current video: thumbnail, title, Edit/Watch, Share Clips, the clear menu and Re-analyze. */
export function VideoHeader(props: VideoHeaderProps) {
  const { title, thumbnailUrl, isDemo, isGuest, viewMode } = props;
  return (
    // On a phone the thumbnail sits small beside the title, so the progress and topics stay in view;
    // never over about a third of the card, which larger text would make it.
    <Card className="grid grid-cols-[min(7rem,36%)_minmax(0,1fr)] items-center gap-3 p-4 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-x-4">
      {title === null ? (
        <Skeleton className="aspect-video w-full sm:row-span-2" />
      ) : (
        <Thumbnail src={thumbnailUrl} title={title} className="w-full rounded-lg sm:row-span-2" />
      )}
      <div className="min-w-0 sm:self-end">
        <div className="mb-1 flex flex-wrap gap-2">
          {isDemo ? (
            <Badge className="bg-slate-100 text-slate-700">Demo</Badge>
          ) : (
            <Badge>{isGuest ? 'Shared Guest Analysis' : 'Your Private Analysis'}</Badge>
          )}
        </div>
        {title === null ? (
          <Skeleton className="h-6 w-3/4" />
        ) : (
          // Whole at any width and text size (clamped to two lines, a long one could not be read whole).
          <h2
            id="video-heading"
            tabIndex={-1}
            title={title}
            dir="auto"
            className="wrap-anywhere text-base font-semibold sm:text-lg"
          >
            {title}
          </h2>
        )}
      </div>
      <div className="col-span-2 flex flex-wrap items-center gap-2 sm:col-span-1 sm:col-start-2 sm:self-start">
        <div role="group" aria-label="View mode" className="inline-flex flex-wrap rounded-md border border-slate-300 p-0.5">
          {(['edit', 'watch'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              aria-pressed={viewMode === mode}
              onClick={() => props.onViewMode(mode)}
              className={cn(
                'inline-flex items-center gap-1 rounded px-3 py-1.5 text-sm font-medium',
                viewMode === mode ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              {mode === 'edit' ? <Pencil className="h-3.5 w-3.5" aria-hidden /> : <Eye className="h-3.5 w-3.5" aria-hidden />}
              {mode === 'edit' ? 'Edit' : 'Watch'}
            </button>
          ))}
        </div>
        <Button variant="outline" onClick={props.onShare} disabled={!props.canShare}>
          <Share2 className="h-4 w-4" aria-hidden />
          Share Clips
        </Button>
        {/* Shown, unusable, while an analysis is on its way: the buttons after it keep their places
            when the topics arrive (it came in front of them, moving them 112 px on a phone). The
            demo and an analysis without topics have nothing to export, and no button. */}
        {props.exportSource ? (
          <ExportMenu source={props.exportSource} />
        ) : (
          props.exportPending && (
            <Button variant="outline" disabled>
              <Download className="h-4 w-4" aria-hidden />
              Export
            </Button>
          )
        )}
        <Button
          variant="outline"
          onClick={props.reanalyze === 'now' ? props.onReanalyze : undefined}
          disabled={props.reanalyze === 'never'}
          busy={props.reanalyze === 'later'}
          className={props.reanalyze === 'later' ? 'hover:bg-surface' : undefined}
        >
          <RefreshCw className="h-4 w-4" aria-hidden />
          Re-analyze
        </Button>
        <Menu.Root modal={false}>
          <Menu.Trigger
            disabled={props.menuDisabled}
            aria-label="Video options"
            className="inline-flex min-h-10 items-center pointer-coarse:min-h-11 rounded-md px-2 text-slate-700 hover:bg-slate-100 disabled:opacity-50"
          >
            <MoreVertical className="h-5 w-5" aria-hidden />
          </Menu.Trigger>
          <Menu.Portal>
            <Menu.Content align="end" className="z-50 min-w-40 rounded-md border border-slate-200 bg-surface p-1 shadow-lg">
              <Menu.Item
                disabled={isDemo}
                onSelect={props.onClear}
                className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm outline-none data-[disabled]:pointer-events-none data-[highlighted]:bg-slate-100 data-[highlighted]:outline-2 data-[highlighted]:outline-solid data-[highlighted]:-outline-offset-2 data-[highlighted]:outline-focus data-[disabled]:opacity-50"
              >
                <Trash2 className="h-4 w-4" aria-hidden />
                Clear video
              </Menu.Item>
            </Menu.Content>
          </Menu.Portal>
        </Menu.Root>
      </div>
    </Card>
  );
}
