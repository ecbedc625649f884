import { VERIFY_PASSWORD_MIN_LENGTH, type User, type VerifyPasswordResponse } from '@findclips/contracts';
import { useRef, useState } from 'react';
import { Dialog } from '../components/dialog';
import { Button, Card, Field, Input } from '../components/ui';
import { apiRequest } from '../lib/api';
import { useToast } from '../lib/toast';
import { composing } from '../lib/composing';

type Check = { state: 'idle' | 'checking' | 'verified' | 'wrong' } | { state: 'failed'; message: string };

/**
 * Danger Zone: Google accounts type DELETE; password accounts have their password
 * verified when leaving the field (or pressing Enter in it). Confirming only shows a toast: no deletion call is made.
 */
export function DangerZone({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  // The password as typed now: an answer about an earlier one (it came late) is dropped.
  const typedNow = useRef('');
  const toast = useToast();
  const google = Boolean(user.googleId);
  const confirmed = google ? typed === 'DELETE' : check.state === 'verified';

  const reset = (next: boolean) => {
    setOpen(next);
    setTyped('');
    setPassword('');
    typedNow.current = '';
    setCheck({ state: 'idle' });
  };

  const verify = async () => {
    if (password.length < VERIFY_PASSWORD_MIN_LENGTH) return setCheck({ state: 'idle' });
    // Checked already (Enter, then leaving the field): the answer stands until the password changes.
    if (check.state !== 'idle' && check.state !== 'failed') return;
    setCheck({ state: 'checking' });
    try {
      const { isValid } = await apiRequest<VerifyPasswordResponse>('POST', '/api/verify-password', { password });
      if (typedNow.current === password) setCheck({ state: isValid ? 'verified' : 'wrong' });
    } catch (error) {
      if (typedNow.current !== password) return;
      setCheck({
        state: 'failed',
        message: error instanceof Error && error.message ? error.message : 'Password verification failed',
      });
    }
  };

  const confirm = () => {
    toast({ title: 'Account Deletion', description: 'Your account would be deleted in production' });
    reset(false);
  };

  return (
    <Card className="border-red-200 p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-red-700">Danger Zone</h2>
      <p className="mt-1 text-sm text-slate-600">
        In this beta, accounts are not deleted yet: confirming only says what would happen.
      </p>
      <Button variant="destructive" className="mt-4" onClick={() => reset(true)}>
        Delete Account
      </Button>
      <Dialog
        open={open}
        onOpenChange={reset}
        title="Delete Account"
        description="Nothing is deleted in this beta: confirming only tells you that your account would be deleted."
      >
        {google ? (
          <Field id="delete-confirm" label="Type DELETE to confirm">
            <Input id="delete-confirm" value={typed} autoComplete="off" onChange={(e) => setTyped(e.target.value)} />
          </Field>
        ) : (
          <Field id="delete-password" label="Enter your current password">
            <Input
              id="delete-password"
              type="password"
              autoComplete="current-password"
              // What the check found is said on the field too, as every settings field's error is.
              aria-invalid={check.state === 'wrong' || undefined}
              aria-describedby="delete-password-check"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                typedNow.current = e.target.value;
                setCheck({ state: 'idle' });
              }}
              onBlur={() => void verify()}
              // Enter checks it too, as leaving the field does (a keyboard would otherwise have to Tab out).
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !composing(e)) void verify();
              }}
            />
            <p id="delete-password-check" role="status" className="text-sm">
              {check.state === 'verified' && <span className="text-green-700">Password verified</span>}
              {check.state === 'wrong' && <span className="text-red-600">Password is incorrect</span>}
              {check.state === 'failed' && <span className="text-red-600">{check.message}</span>}
            </p>
          </Field>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => reset(false)}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={!confirmed || check.state === 'checking'} onClick={confirm}>
            {check.state === 'checking' ? 'Verifying...' : 'Delete Account'}
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}
