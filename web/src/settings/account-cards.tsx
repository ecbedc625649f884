import {
  updateEmailSchema,
  updatePasswordSchema,
  type UpdateEmailRequest,
  type UpdatePasswordRequest,
  type User,
} from '@findclips/contracts';
import { useState, type FormEvent } from 'react';
import { useSwappedFocus } from '../components/return-focus';
import { Badge, Button, Field, Input } from '../components/ui';
import { useFieldChecks } from '../lib/form-errors';
import { EditForm, FormActions, SettingsCard } from './settings-card';
import { useProfileUpdate } from './use-profile-update';

const MANAGED_TEXT = 'This is managed by your Google account. Change it in your Google account settings.';
const managedBadge = <Badge className="bg-blue-50 text-blue-700">Managed by Google</Badge>;

/** Email Address: read-only for Google accounts; a change needs the current password. */
export function EmailCard({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const focus = useSwappedFocus(editing);
  const [values, setValues] = useState<UpdateEmailRequest>({ email: user.email, currentPassword: '' });
  const checks = useFieldChecks<UpdateEmailRequest>(updateEmailSchema, {
    email: 'email',
    currentPassword: 'email-current-password',
  });
  const { errors } = checks;
  const update = useProfileUpdate<UpdateEmailRequest>(
    '/api/profile/email',
    { success: 'Email updated', successText: 'Your email has been updated successfully.', failure: 'Failed to update email' },
    () => setEditing(false),
    (field, message) => {
      if (field === 'email' || field === 'currentPassword') checks.refuse(field, message);
    },
  );
  const google = Boolean(user.googleId);
  const change = checks.changer(values, setValues);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (checks.check(values) && !update.isPending) update.mutate({ ...values, email: values.email.trim() });
  };

  return (
    <SettingsCard title="Email Address" badge={google && managedBadge}>
      {editing && !google ? (
        <EditForm onSubmit={submit} onCancel={() => setEditing(false)} className="grid gap-4">
          <Field id="email" label="Email" error={errors.email}>
            <Input
              ref={focus.inside}
              id="email"
              type="email"
              value={values.email}
              aria-invalid={Boolean(errors.email)}
              aria-describedby={errors.email ? 'email-error' : undefined}
              onChange={change('email')}
            />
          </Field>
          <Field id="email-current-password" label="Current password" error={errors.currentPassword}>
            <Input
              id="email-current-password"
              type="password"
              autoComplete="current-password"
              value={values.currentPassword}
              aria-invalid={Boolean(errors.currentPassword)}
              aria-describedby={errors.currentPassword ? 'email-current-password-error' : undefined}
              onChange={change('currentPassword')}
            />
          </Field>
          <FormActions submitLabel="Update Email" pending={update.isPending} onCancel={() => setEditing(false)} />
        </EditForm>
      ) : (
        <div className="grid gap-3">
          <p className="text-sm font-medium">{user.email}</p>
          {google ? (
            <p className="text-sm text-slate-600">{MANAGED_TEXT}</p>
          ) : (
            <Button
              ref={focus.opener}
              variant="outline"
              className="w-fit"
              onClick={() => {
                setValues({ email: user.email, currentPassword: '' });
                checks.reset();
                setEditing(true);
              }}
            >
              Change Email
            </Button>
          )}
        </div>
      )}
    </SettingsCard>
  );
}

const emptyPasswords: UpdatePasswordRequest = { currentPassword: '', newPassword: '' };

/** Password: current and new, each with Show/Hide; the form resets after success. */
export function PasswordCard({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const focus = useSwappedFocus(editing);
  const [values, setValues] = useState(emptyPasswords);
  const [shown, setShown] = useState({ currentPassword: false, newPassword: false });
  const checks = useFieldChecks<UpdatePasswordRequest>(updatePasswordSchema, {
    currentPassword: 'currentPassword',
    newPassword: 'newPassword',
  });
  const { errors } = checks;
  const close = () => {
    setValues(emptyPasswords);
    setShown({ currentPassword: false, newPassword: false });
    checks.reset();
    setEditing(false);
  };
  const update = useProfileUpdate<UpdatePasswordRequest>(
    '/api/profile/password',
    {
      success: 'Password updated',
      successText: 'Your password has been updated successfully.',
      failure: 'Failed to update password',
    },
    close,
    (field, message) => {
      if (field === 'currentPassword' || field === 'newPassword') checks.refuse(field, message);
    },
  );
  const google = Boolean(user.googleId);

  const change = checks.changer(values, setValues);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (checks.check(values) && !update.isPending) update.mutate(values);
  };

  return (
    <SettingsCard title="Password" badge={google && managedBadge}>
      {google ? (
        <p className="text-sm text-slate-600">{MANAGED_TEXT}</p>
      ) : editing ? (
        <EditForm onSubmit={submit} onCancel={close} className="grid gap-4">
          {(['currentPassword', 'newPassword'] as const).map((field) => (
            <Field
              key={field}
              id={field}
              label={field === 'currentPassword' ? 'Current password' : 'New password'}
              error={errors[field]}
            >
              <div className="flex gap-2">
                <Input
                  ref={field === 'currentPassword' ? focus.inside : undefined}
                  id={field}
                  type={shown[field] ? 'text' : 'password'}
                  autoComplete={field === 'currentPassword' ? 'current-password' : 'new-password'}
                  value={values[field]}
                  aria-invalid={Boolean(errors[field])}
                  aria-describedby={errors[field] ? `${field}-error` : undefined}
                  onChange={change(field)}
                />
                <Button
                  variant="outline"
                  aria-label={`${shown[field] ? 'Hide' : 'Show'} ${field === 'currentPassword' ? 'current' : 'new'} password`}
                  onClick={() => setShown({ ...shown, [field]: !shown[field] })}
                >
                  {shown[field] ? 'Hide' : 'Show'}
                </Button>
              </div>
            </Field>
          ))}
          <FormActions submitLabel="Update Password" pending={update.isPending} onCancel={close} />
        </EditForm>
      ) : (
        <Button ref={focus.opener} variant="outline" className="w-fit" onClick={() => setEditing(true)}>
          Change Password
        </Button>
      )}
    </SettingsCard>
  );
}
