import { Eye, EyeOff } from 'lucide-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useSwappedFocus } from '../../components/return-focus';
import { Button, Field, Input, ProblemNote, SubmitButton } from '../../components/ui';
import { useLogin } from './use-sign-in';
import { useToast } from '../../lib/toast';
import { Divider, GoogleButton } from './google-button';

/** The Login tab and its password-reset view. */
export function LoginPanel({ initialEmail = '' }: { initialEmail?: string }) {
  const [view, setView] = useState<'login' | 'reset'>('login');
  const focus = useSwappedFocus(view === 'reset');
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [resetEmail, setResetEmail] = useState('');
  const login = useLogin();
  const toast = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!login.isPending) login.mutate({ email, password });
  };
  // Why the last login failed stays said, tied to both fields, until either changes: its toast leaves.
  const failed = login.isError ? login.error.message : null;
  const invalid = failed ? { 'aria-invalid': true, 'aria-describedby': 'login-error' } : {};
  const edit = (set: (value: string) => void) => (event: ChangeEvent<HTMLInputElement>) => {
    set(event.target.value);
    if (login.isError) login.reset();
  };

  // No request is made: the reset form only shows a toast, whether the account exists or not.
  const sendReset = (event: FormEvent) => {
    event.preventDefault();
    toast({
      title: 'Reset link sent',
      description: 'If an account exists with this email, you will receive a password reset link shortly.',
    });
    setResetEmail('');
    setView('login');
  };

  if (view === 'reset') {
    return (
      <form onSubmit={sendReset} className="grid gap-4" aria-label="Reset password">
        <h3 className="font-semibold">Reset your password</h3>
        <Field id="reset-email" label="Email">
          <Input
            ref={focus.inside}
            id="reset-email"
            type="email"
            required
            autoComplete="email"
            value={resetEmail}
            onChange={(e) => setResetEmail(e.target.value)}
          />
        </Field>
        <Button type="submit" className="w-full">
          Send Reset Link
        </Button>
        <button type="button" className="min-h-6 text-sm text-brand-700 hover:underline" onClick={() => setView('login')}>
          Back to Login
        </button>
      </form>
    );
  }

  return (
    <div>
      <GoogleButton label="Continue with Google" tab="login" email={email} />
      <Divider label="OR LOGIN WITH EMAIL" />
      <form onSubmit={submit} className="grid gap-4" aria-label="Login">
        <Field id="login-email" label="Email">
          <Input
            id="login-email"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={edit(setEmail)}
            {...invalid}
          />
        </Field>
        <Field id="login-password" label="Password">
          <div className="relative">
            <Input
              id="login-password"
              type={showPassword ? 'text' : 'password'}
              required
              autoComplete="current-password"
              className="pr-10"
              value={password}
              onChange={edit(setPassword)}
              {...invalid}
            />
            <button
              type="button"
              className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-500"
              // One name, its state said by 'pressed' (a name that flipped too said it twice: 'Hide password, pressed').
              aria-label="Show password"
              aria-pressed={showPassword}
              onClick={() => setShowPassword((shown) => !shown)}
            >
              {showPassword ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
            </button>
          </div>
        </Field>
        <div className="flex justify-end">
          <button
            ref={focus.opener}
            type="button"
            className="min-h-6 text-sm text-brand-700 hover:underline"
            onClick={() => setView('reset')}
          >
            Forgot password?
          </button>
        </div>
        {failed && (
          <ProblemNote id="login-error" title="Login failed">
            {failed}
          </ProblemNote>
        )}
        <SubmitButton className="w-full" busy={login.isPending}>
          {login.isPending ? 'Logging in...' : 'Login'}
        </SubmitButton>
      </form>
    </div>
  );
}
