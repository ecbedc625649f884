import { videoMessages } from '@findclips/contracts';
import { AlertTriangle, Ban, Clock } from 'lucide-react';
import { Link } from 'react-router-dom';
import { SIGN_UP_STATE } from '../lib/sign-up';
import { Button, Card, buttonClass } from '../components/ui';
import type { AnalysisFailure } from './analysis-state';

/** The error screens: content policy, too long (one message: what a guest gains by signing up), data loading, any other failure. */
export function ErrorScreen({
  failure,
  onRetry,
  onClear,
  upload,
}: {
  failure: AnalysisFailure;
  onRetry(): void;
  onClear(): void;
  /** Shown under a video without captions: what a member can do about it (bring their own). */
  upload?: React.ReactNode;
}) {
  if (failure.type === 'CONTENT_POLICY') {
    return (
      <Screen icon={<Ban className="h-8 w-8 text-red-500" aria-hidden />} title="Content Policy Violation">
        <p>This video was blocked because of our content policy.</p>
        {failure.categories.length > 0 && <p className="mt-2">Categories: {failure.categories.join(', ')}</p>}
        <Button className="mt-4" onClick={onClear}>
          Try Another Video
        </Button>
      </Screen>
    );
  }
  if (failure.type === 'VIDEO_TOO_LONG' || failure.type === 'GUEST_VIDEO_TOO_LONG') {
    const guest = failure.type === 'GUEST_VIDEO_TOO_LONG';
    return (
      <Screen icon={<Clock className="h-8 w-8 text-amber-500" aria-hidden />} title="Video Too Long">
        <p>
          {/* What the server said, as the toast does: the 2-hour limit, or a length it could not tell. */}
          {guest ? videoMessages.guestTooLong : failure.message || videoMessages.tooLong}
        </p>
        {!guest && failure.message && !failure.message.includes('2 hours max') && (
          <p className="mt-2">Videos can be analysed up to 2 hours max.</p>
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          <Button onClick={onClear}>Try Another Video</Button>
          {guest && (
            <Link to="/auth" state={SIGN_UP_STATE} className={buttonClass('outline')}>
              Sign up
            </Link>
          )}
        </div>
      </Screen>
    );
  }
  if (failure.type === 'DATA_LOADING') {
    return (
      <Screen icon={<AlertTriangle className="h-8 w-8 text-red-500" aria-hidden />} title="Data Loading Error">
        <p>{failure.message}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button onClick={onRetry}>Retry</Button>
          <Button variant="outline" onClick={onClear}>
            Clear & Reset
          </Button>
        </div>
      </Screen>
    );
  }
  const screen = (
    <Screen icon={<AlertTriangle className="h-8 w-8 text-red-500" aria-hidden />} title="Analysis Failed">
      <p>{failure.message}</p>
      <Button className="mt-4" onClick={onClear}>
        Try Another Video
      </Button>
    </Screen>
  );
  // A form is not an alert: the way forward sits beside the message, read when reached.
  return failure.type === 'NO_TRANSCRIPT' && upload ? (
    <div className="grid gap-4">
      {screen}
      <Card className="p-6 text-sm text-slate-700">{upload}</Card>
    </div>
  ) : (
    screen
  );
}

function Screen({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <Card className="p-6 text-sm text-slate-700" role="alert">
      <div className="mb-3 flex items-center gap-3">
        {icon}
        <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      </div>
      {children}
    </Card>
  );
}
