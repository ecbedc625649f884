import type { AnalysisEdit, VideoAnalysisResponse } from '@findclips/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
  const show = (analysis: VideoAnalysisResponse) => client.setQueryData(analysisKey(videoId, true), analysis);
  const refused = (error: Error) => {
    if (error instanceof ApiError && error.status === 401) toast(SESSION_EXPIRED);
    else toast({ title: 'The edit was not saved', description: error.message, variant: 'destructive' });
    // A topic or quote that is no longer there (removed in another tab): show the analysis as it is now.
    if (error instanceof ApiError && error.status === 404)
      void client.invalidateQueries({ queryKey: analysisKey(videoId, true) });
  };
  const edit = useMutation({
    mutationFn: (change: AnalysisEdit) =>
      apiRequest<VideoAnalysisResponse>('PATCH', `/api/user-videos/${encodeURIComponent(videoId)}`, change),
    onSuccess: show,
    onError: refused,
  });
  const undo = useMutation({
    mutationFn: () => apiRequest<VideoAnalysisResponse>('DELETE', `/api/user-videos/${encodeURIComponent(videoId)}/edits`),
    onSuccess: (analysis) => {
      show(analysis);
      toast({ title: 'Edits undone', description: 'The topics are back as the analysis made them.' });
    },
    onError: refused,
  });
  return { edit: edit.mutate, undo: undo.mutate, saving: edit.isPending || undo.isPending };
}

export type AnalysisEditing = ReturnType<typeof useAnalysisEdits>;
