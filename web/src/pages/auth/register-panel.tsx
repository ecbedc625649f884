import { registerFormSchema, type RegisterForm } from '@findclips/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Field, Input, SubmitButton } from '../../components/ui';
import { keepLastGuestVideo, lastGuestVideo } from '../../dashboard/guest-videos';
import { useRegister } from './use-sign-in';
import { useFieldChecks } from '../../lib/form-errors';
import { Divider, GoogleButton } from './google-button';

const empty: RegisterForm = { email: '', password: '', confirmPassword: '' };

/** The Register tab: the registration rules of the shared contract, on submit and then on change. */
export function RegisterPanel({ initialEmail = '' }: { initialEmail?: string }) {
  const [values, setValues] = useState<RegisterForm>({ ...empty, email: initialEmail });
  const checks = useFieldChecks<RegisterForm>(registerFormSchema, {
    email: 'register-email',
    password: 'register-password',
    confirmPassword: 'register-confirmPassword',
  });
  const { errors } = checks;
  const [showPassword, setShowPassword] = useState(false);
  // The video a guest was on, read as they register: the answer gives the browser a new guest id.
  const guestVideo = useRef<string | null>(null);
  const register = useRegister(() => keepLastGuestVideo(guestVideo.current));

  const change = checks.changer(values, setValues);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (register.isPending || !checks.check(values)) return;
    guestVideo.current = lastGuestVideo();
    // confirmPassword is dropped before sending.
    register.mutate({ email: values.email.trim(), password: values.password });
  };

  const input = (field: keyof RegisterForm, label: string, type: string, autoComplete: string) => (
    <Field id={`register-${field}`} label={label} error={errors[field]}>
      <Input
        id={`register-${field}`}
        type={type}
        autoComplete={autoComplete}
        value={values[field]}
        onChange={change(field)}
        aria-invalid={Boolean(errors[field])}
        aria-describedby={errors[field] ? `register-${field}-error` : undefined}
      />
    </Field>
  );
  const passwordType = showPassword ? 'text' : 'password';

  return (
    <div>
      <h3 className="mb-1 text-lg font-semibold">Create an account</h3>
      <p className="mb-4 text-sm text-slate-600">Sign up to start scheduling posts</p>
      <GoogleButton label="Sign up with Google" tab="register" email={values.email} />
      <Divider label="OR REGISTER WITH EMAIL" />
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Register">
        {input('email', 'Email', 'email', 'email')}
        {input('password', 'Password', passwordType, 'new-password')}
        {input('confirmPassword', 'Confirm Password', passwordType, 'new-password')}
        {/* The whole label toggles it: a target of 24 px or more, box and words. */}
        <label className="flex min-h-6 w-fit items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="h-5 w-5" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} />
          Show password
        </label>
        <SubmitButton className="w-full" busy={register.isPending}>
          {register.isPending ? 'Creating account...' : 'Register with Email'}
        </SubmitButton>
      </form>
    </div>
  );
}
