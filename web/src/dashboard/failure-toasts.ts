import { videoMessages, type ErrorCode } from '@findclips/contracts';
import { ApiError } from '../lib/api';
import { sessionExpired } from '../lib/auth';
import { SCREEN_FAILURES, type AnalysisFailure } from './analysis-state';
import type { ToastOptions } from '../lib/toast';

type ToastFor = (message: string, categories: string[]) => ToastOptions;

/** The toast of each failure the error catalogue names; any other failure is an 'Analysis Error'. */
const toasts: Partial<Record<ErrorCode, ToastFor>> = {
  CONTENT_POLICY: (message, categories) => ({
    title: 'Video blocked due to content policy',
    description: categories.join(', ') || message || undefined,
    variant: 'destructive',
    duration: 7_000,
  }),
  GUEST_QUOTA_EXCEEDED: (message) => ({
    title: 'Credit Limit Reached ⚠️ (Resets in 24 hours)',
    description: message || videoMessages.guestQuota,
    variant: 'destructive',
    // Its message asks the guest to sign up: the way there, as the guests' too-long toast gives.
    link: { label: 'Sign up', to: '/auth' },
  }),
  GUEST_VIDEO_TOO_LONG: (message) => ({
    title: 'Video Too Long for Guests',
    description: message || videoMessages.guestTooLong,
    variant: 'destructive',
    duration: 8_000,
    link: { label: 'Sign up', to: '/auth' },
  }),
  VIDEO_TOO_LONG: (message) => ({
    title: 'Video Too Long',
    description: message || videoMessages.tooLong,
    variant: 'destructive',
  }),
};

/**
 * What a failed submission or analysis says in its toast. A guest's video without captions says
 * what signing up gives: members bring their own captions (a guest was left with no next step).
 */
export function failureToast(
  type: ErrorCode | undefined,
  message: string,
  categories: string[] = [],
  { guest = false }: { guest?: boolean } = {},
): ToastOptions {
  if (guest && type === 'NO_TRANSCRIPT') {
    return {
      title: 'Analysis Error',
      description: `${message || videoMessages.noCaptions} Members can bring their own captions.`,
      variant: 'destructive',
      link: { label: 'Sign up', to: '/auth' },
    };
  }
  const toast = type && toasts[type];
  return toast
    ? toast(message, categories)
    : { title: 'Analysis Error', description: message || undefined, variant: 'destructive' };
}

/**
 * What a re-analysis the worker gave up on says, the analysis it started from shown again: a
 * content-policy refusal as the catalogue has it (its categories, 7 s), any other 'Re-analysis
 * failed' with its reason; without one, that it ended without new topics.
 */
export function reanalysisFailedToast(type?: ErrorCode | null, reason?: string | null, categories: string[] = []): ToastOptions {
  if (type === 'CONTENT_POLICY') return failureToast(type, reason ?? '', categories);
  return {
    title: 'Re-analysis failed',
    description: reason
      ? `${reason} The analysis is as it was.`
      : 'It ended without new topics; the analysis is as it was. Please try again.',
    variant: 'destructive',
  };
}

/** And for members, a video without captions: its screen offers to bring their own. */
const MEMBER_SCREEN_FAILURES: ReadonlySet<ErrorCode> = new Set(['NO_TRANSCRIPT']);

/**
 * What a failed submission shows: its toast (an expired session says what to do about it) and,
 * for the failures that have one, its screen (null: the toast alone).
 */
export function submitFailure(error: unknown, member: boolean): { toast: ToastOptions | null; screen: AnalysisFailure | null } {
  const apiError = error instanceof ApiError ? error : null;
  const message = error instanceof Error ? error.message : String(error);
  const type = apiError?.errorType;
  // A video refused for its content before (to guests) comes with its categories, as the refusal did.
  const given = apiError?.body.errorCategories;
  const categories = Array.isArray(given) ? given.filter((c): c is string => typeof c === 'string') : [];
  const toast =
    apiError?.status === 401 && member ? sessionExpired() : failureToast(type, message, categories, { guest: !member });
  const screen = type && (SCREEN_FAILURES.has(type) || (member && MEMBER_SCREEN_FAILURES.has(type)));
  return { toast, screen: screen ? { type, message, categories } : null };
}
