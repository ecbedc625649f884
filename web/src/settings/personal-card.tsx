import { updateProfileSchema, type UpdateProfileRequest, type User } from '@findclips/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useSwappedFocus } from '../components/return-focus';
import { Button, Field, Input } from '../components/ui';
import { USER_KEY } from '../lib/auth';
import { useFieldChecks } from '../lib/form-errors';
import { EditForm, FormActions, SettingsCard } from './settings-card';
import { useProfileUpdate } from './use-profile-update';

/** Personal Information: first and last name, view and edit. */
export function PersonalCard({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const focus = useSwappedFocus(editing);
  const initial = { firstName: user.firstName ?? '', lastName: user.lastName ?? '' };
  const [values, setValues] = useState<UpdateProfileRequest>(initial);
  const checks = useFieldChecks<UpdateProfileRequest>(updateProfileSchema, { firstName: 'firstName', lastName: 'lastName' });
  const { errors } = checks;
  const update = useProfileUpdate<UpdateProfileRequest>(
    '/api/profile',
    {
      success: 'Profile updated',
      successText: 'Your profile has been updated successfully.',
      failure: 'Failed to update profile',
    },
    () => setEditing(false),
  );

  const queryClient = useQueryClient();
  // Whether the member typed in the form since it opened.
  const typed = useRef(false);
  const start = () => {
    setValues(initial);
    checks.reset();
    typed.current = false;
    setEditing(true);
    // The names as they stand now, unless the member types first: another device may have changed
    // one since this page read them, and saving the form as read put the old one back (a stranger's
    // audit of one member on two devices).
    void queryClient.fetchQuery<User | null>({ queryKey: USER_KEY, staleTime: 0 }).then(
      (fresh) => {
        if (fresh && !typed.current) setValues({ firstName: fresh.firstName ?? '', lastName: fresh.lastName ?? '' });
      },
      () => undefined,
    );
  };
  const change = (field: keyof UpdateProfileRequest) => (event: ChangeEvent<HTMLInputElement>) => {
    typed.current = true;
    checks.changer(values, setValues)(field)(event);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (checks.check(values) && !update.isPending)
      update.mutate({ firstName: values.firstName.trim(), lastName: values.lastName.trim() });
  };

  return (
    <SettingsCard title="Personal Information">
      {editing ? (
        <EditForm onSubmit={submit} onCancel={() => setEditing(false)} className="grid gap-4 sm:grid-cols-2">
          {(['firstName', 'lastName'] as const).map((field) => (
            <Field key={field} id={field} label={field === 'firstName' ? 'First name' : 'Last name'} error={errors[field]}>
              <Input
                ref={field === 'firstName' ? focus.inside : undefined}
                id={field}
                value={values[field]}
                dir="auto"
                aria-invalid={Boolean(errors[field])}
                aria-describedby={errors[field] ? `${field}-error` : undefined}
                onChange={change(field)}
              />
            </Field>
          ))}
          <FormActions
            submitLabel="Save Changes"
            pending={update.isPending}
            onCancel={() => setEditing(false)}
            className="flex gap-2 sm:col-span-2"
          />
        </EditForm>
      ) : (
        <div className="grid gap-4">
          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-500">First name</dt>
              <dd dir="auto" className="font-medium">
                {user.firstName || '—'}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Last name</dt>
              <dd dir="auto" className="font-medium">
                {user.lastName || '—'}
              </dd>
            </div>
          </dl>
          <Button ref={focus.opener} variant="outline" className="w-fit" onClick={start}>
            Edit Profile
          </Button>
        </div>
      )}
    </SettingsCard>
  );
}
