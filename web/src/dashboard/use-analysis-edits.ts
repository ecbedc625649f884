import type { AnalysisEdit, User, VideoAnalysisResponse } from '@findclips/contracts';
import { useIsMutating, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, apiRequest } from '../lib/api';
import { USER_KEY } from '../lib/auth';
import { useToast } from '../lib/toast';
import { sayExpired } from '../lib/auth';
import { tabChannel } from '../lib/tab-channel';
import { analysisKey, withTopics } from './video-data';

/**
 * A member's edits of their analysis of `videoId` (rename, remove, move a start; undo them all):
 * each is saved at once, and the server's answer becomes the analysis the dashboard shows.
 */
export function useAnalysisEdits(videoId: string) {
  const client = useQueryClient();
  const toast = useToast();
  useEffect(() => void otherTabs(client), [client]);
  /** The analysis as an edit left it, here and (unless undone since) in the member's other tabs of this browser. */
  const show = (id: string, analysis: VideoAnalysisResponse) => {
    const shown = showEdited(client, id, analysis);
    if (shown !== 'undone')
      otherTabs(client)?.postMessage({ user: userOf(client), videoId: id, analysis } satisfies EditedMessage);
    return shown;
  };
  const refused = (error: Error, id: string) => {
    if (error instanceof ApiError && error.status === 401) sayExpired(toast);
    else toast({ title: 'The edit was not saved', description: error.message, variant: 'destructive' });
    // A topic or quote no longer there, or one back already (another tab edited): show the analysis as it is now.
    if (error instanceof ApiError && (error.status === 404 || error.status === 409))
      void client.invalidateQueries({ queryKey: analysisKey(id, true) });
  };
  const edit = useMutation({
    mutationKey: EDITING,
    mutationFn: ({ id, change }: EditOf) =>
      apiRequest<VideoAnalysisResponse>('PATCH', `/api/user-videos/${encodeURIComponent(id)}`, change).then(withTopics),
    onError: (error, { id }) => refused(error, id),
  });
  const undo = useMutation({
    mutationKey: EDITING,
    mutationFn: () =>
      apiRequest<VideoAnalysisResponse>('DELETE', `/api/user-videos/${encodeURIComponent(videoId)}/edits`).then(withTopics),
    onSuccess: (analysis) =>
      toast({
        title: 'Edits undone',
        // Another tab may have edited since: its edit is what the page shows.
        description:
          show(videoId, analysis) === 'shown'
            ? 'The topics are back as the analysis made them.'
            : 'A later edit, made in another tab, is shown.',
      }),
    onError: (error) => refused(error, videoId),
  });
  return {
    /**
     * Saves an edit of this video: kept for later (a toast's Undo), it still edits this video,
     * whatever is on screen then. Each edit's own callbacks run, even when another edit started
     * while it was saving (those of `mutate` would run for the latest only).
     */
    edit: (change: AnalysisEdit, { onSuccess, onSettled }: EditCallbacks = {}) =>
      edit.mutateAsync({ id: videoId, change }).then(
        (analysis) => {
          // An edit that 'Undo all edits' undid since (here or in another tab) has nothing left to say.
          if (show(videoId, analysis) !== 'undone') onSuccess?.(analysis);
          onSettled?.(null);
        },
        (error: Error) => onSettled?.(error),
      ),
    undo: undo.mutate,
    // Until every edit is saved: two may be (a toast's Undo while another saves).
    saving: useIsMutating({ mutationKey: EDITING }) > 0,
  };
}

/** What a caller does once its edit is saved, and once it is saved or refused. */
interface EditCallbacks {
  onSuccess?: (analysis: VideoAnalysisResponse) => void;
  onSettled?: (error: Error | null) => void;
}

/** One edit and the video it is made to. */
interface EditOf {
  id: string;
  change: AnalysisEdit;
}

export type AnalysisEditing = ReturnType<typeof useAnalysisEdits>;

/** The mutations of edits, all of them counted while saving. */
const EDITING = ['analysis-edit'] as const;

/** The member's tabs of this browser tell each other the analyses they edit. */
const EDITS_CHANNEL = 'findclips.edits';

interface EditedMessage {
  user: number | undefined;
  videoId: string;
  analysis: VideoAnalysisResponse;
}

const userOf = (client: QueryClient) => client.getQueryData<User | null>(USER_KEY)?.id;

/** When the member last changed the analysis: its last edit, or undoing them all. */
const changedAt = (analysis: VideoAnalysisResponse | undefined) => analysis?.editedAt ?? analysis?.editsUndoneAt;

/** When this tab last heard of the member undoing every edit of a video: by the app's data, then by video. */
const undoings = new WeakMap<QueryClient, Map<string, string>>();
const undoneOf = (client: QueryClient) => undoings.get(client) ?? undoings.set(client, new Map()).get(client)!;

/**
 * Shows `analysis` as the member's analysis of `id`, and says whether it did. Two edits may be
 * saving at once (a toast's Undo while another saves, another tab, 'Undo all edits'): an answer
 * older than the analysis shown, by the time of its last change, does not replace it ('older'),
 * nor does an edit made before every edit was undone ('undone': the analysis shown may have been
 * read anew, without the undo's time).
 */
function showEdited(client: QueryClient, id: string, analysis: VideoAnalysisResponse): 'shown' | 'older' | 'undone' {
  const undone = undoneOf(client);
  const at = analysis.editsUndoneAt;
  if (at && !(at < (undone.get(id) ?? ''))) undone.set(id, at);
  const lastUndone = undone.get(id);
  if (lastUndone !== undefined && analysis.editedAt != null && analysis.editedAt < lastUndone) return 'undone';
  let outcome: 'shown' | 'older' = 'shown';
  client.setQueryData<VideoAnalysisResponse>(analysisKey(id, true), (shown) => {
    const [was, is] = [changedAt(shown), changedAt(analysis)];
    outcome = was && is && was > is ? 'older' : 'shown';
    return outcome === 'shown' ? analysis : shown;
  });
  return outcome;
}

/**
 * The channel to the member's other tabs: what they edit shows here, on an analysis this tab has
 * read, when the same member is signed in here. Open from the first dashboard on for the tab's
 * life, so that a tab on another page still has the analysis as edited when it comes back.
 */
const otherTabs = tabChannel<EditedMessage>(EDITS_CHANNEL, (client, data) => {
  if (data.user === undefined || data.user !== userOf(client)) return;
  if (client.getQueryData(analysisKey(data.videoId, true)) !== undefined) showEdited(client, data.videoId, data.analysis);
});
