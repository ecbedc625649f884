import type { AnalysisEdit, VideoAnalysisResponse } from '@findclips/contracts';
import { useMutation, useQueryClient, type MutateOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../lib/api';
import { useToast } from '../lib/toast';
import { SESSION_EXPIRED } from './failure-toasts';
import { analysisKey } from './video-data';

/**
 * A member's edits of their analysis of `videoId` (rename, remove, move a start; undo them all):
 * each is saved at once, and the server's answer becomes the analysis the dashboard shows.
 */
export function useAnalysisEdits(videoId: string) {
  const client = useQueryClient();
  const toast = useToast();
  const show = (id: string, analysis: VideoAnalysisResponse) => client.setQueryData(analysisKey(id, true), analysis);
  const refused = (error: Error, id: string) => {
    if (error instanceof ApiError && error.status === 401) toast(SESSION_EXPIRED);
    else toast({ title: 'The edit was not saved', description: error.message, variant: 'destructive' });
    // A topic or quote no longer there, or one back already (another tab edited): show the analysis as it is now.
    if (error instanceof ApiError && (error.status === 404 || error.status === 409))
      void client.invalidateQueries({ queryKey: analysisKey(id, true) });
  };
  const edit = useMutation({
    mutationFn: ({ id, change }: EditOf) =>
      apiRequest<VideoAnalysisResponse>('PATCH', `/api/user-videos/${encodeURIComponent(id)}`, change),
    onSuccess: (analysis, { id }) => show(id, analysis),
    onError: (error, { id }) => refused(error, id),
  });
  const undo = useMutation({
    mutationFn: () => apiRequest<VideoAnalysisResponse>('DELETE', `/api/user-videos/${encodeURIComponent(videoId)}/edits`),
    onSuccess: (analysis) => {
      show(videoId, analysis);
      toast({ title: 'Edits undone', description: 'The topics are back as the analysis made them.' });
    },
    onError: (error) => refused(error, videoId),
  });
  return {
    /** Saves an edit of this video: kept for later (a toast's Undo), it still edits this video, whatever is on screen then. */
    edit: (change: AnalysisEdit, options?: MutateOptions<VideoAnalysisResponse, Error, EditOf>) =>
      edit.mutate({ id: videoId, change }, options),
    undo: undo.mutate,
    saving: edit.isPending || undo.isPending,
  };
}

/** One edit and the video it is made to. */
interface EditOf {
  id: string;
  change: AnalysisEdit;
}

export type AnalysisEditing = ReturnType<typeof useAnalysisEdits>;
