import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SettingsPage, { avatarLetter } from './settings/settings-page';
import { fakeApi, json, member, renderWithApp } from './test/render';

describe('settings', () => {
  it('makes the avatar from the first name, else the email, else U', () => {
    expect(avatarLetter({ firstName: 'ada', email: 'x@example.com' })).toBe('A');
    expect(avatarLetter({ firstName: null, email: 'grace@example.com' })).toBe('G');
    expect(avatarLetter({ firstName: '', email: '' })).toBe('U');
    // A character of two UTF-16 units, or an emoji with its modifiers, whole.
    expect(avatarLetter({ firstName: ' 𠮷野', email: 'x@example.com' })).toBe('𠮷');
    expect(avatarLetter({ firstName: '👩🏽‍🚀 Ada', email: 'x@example.com' })).toBe('👩🏽‍🚀');
  });

  it('makes the avatar from the first letter that shows, not a mark pasted before the name', async () => {
    // A direction mark or a zero-width space copied with a name is accepted (the name shows), but
    // it drew nothing: the avatar was an empty circle (a stranger's audit).
    expect(avatarLetter({ firstName: '\u200Eada', email: 'x@example.com' })).toBe('A');
    expect(avatarLetter({ firstName: '\u200B\u200F ada', email: 'x@example.com' })).toBe('A');
    expect(avatarLetter({ firstName: '\u0301ada', email: 'x@example.com' })).toBe('A');
    expect(avatarLetter({ firstName: '\u2800', email: 'grace@example.com' })).toBe('G');
    fakeApi({ 'GET /api/user': json(200, member) });
    renderWithApp(<SettingsPage />, { user: { ...member, firstName: '\u200Eאדה' } });
    expect(screen.getByTestId('avatar')).toHaveTextContent('א');
  });

  it('toggles the profile card between view and edit, validating on save', async () => {
    const user = userEvent.setup();
    // Nothing is sent but the question of who is signed in (opening the form reads the names anew).
    const calls = fakeApi({ 'GET /api/user': json(200, member) });
    renderWithApp(<SettingsPage />, { user: member });
    expect(screen.getByTestId('avatar')).toHaveTextContent('A');
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText(/Account created/)).toBeInTheDocument();
    // The cards as the spec names them.
    for (const card of ['Personal Information', 'Email Address', 'Password', 'Danger Zone'])
      expect(screen.getByRole('heading', { level: 2, name: card })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText('First name'));
    await user.clear(screen.getByLabelText('Last name'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/user']);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await user.type(screen.getByLabelText('Current password'), '12345');
    await user.type(screen.getByLabelText('New password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change Email' }));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Update Email' }));
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
  });

  it('shows email and password as managed by Google for Google accounts, and asks for DELETE', async () => {
    const user = userEvent.setup();
    renderWithApp(<SettingsPage />, { user: { ...member, googleId: 'g-123' } });
    expect(screen.getAllByText('Managed by Google')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Change Email' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change Password' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Account' });
    const confirm = () => screen.getAllByRole('button', { name: 'Delete Account' }).find((b) => dialog.contains(b))!;
    expect(confirm()).toBeDisabled();
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'delete');
    expect(confirm()).toBeDisabled();
    await user.clear(screen.getByLabelText('Type DELETE to confirm'));
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    expect(confirm()).toBeEnabled();
    await user.click(confirm());
    expect(await screen.findByText('Account Deletion')).toBeInTheDocument();
    expect(screen.getByText('Your account would be deleted in production')).toBeInTheDocument();
  });

  it('does not promise, before the confirmation, a deletion that the confirmation does not make', async () => {
    // Confirming only shows a toast (SPEC: no deletion call is made): a newcomer's audit found the
    // card saying the account's analyses, history and shares are removed, and the dialog 'This
    // cannot be undone.', then the toast 'would be deleted in production' and nothing deleted.
    const user = userEvent.setup();
    const calls = fakeApi({ 'GET /api/user': json(200, member) });
    renderWithApp(<SettingsPage />, { user: { ...member, googleId: 'g-123' } });
    expect(screen.queryByText(/removes your analyses/)).not.toBeInTheDocument();
    expect(screen.getByText(/accounts are not deleted yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Account' });
    expect(dialog).not.toHaveTextContent('This cannot be undone.');
    expect(dialog).toHaveTextContent(/nothing is deleted/i);
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(screen.getAllByRole('button', { name: 'Delete Account' }).find((b) => dialog.contains(b))!);
    expect(await screen.findByText('Your account would be deleted in production')).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('verifies the password when leaving the field, from 3 characters, with Verifying... meanwhile, and drops an answer about an earlier password', async () => {
    const user = userEvent.setup();
    let answer: (r: Response) => void = () => undefined;
    const verify = jest.fn((_url: string, _init?: RequestInit) => new Promise<Response>((resolve) => (answer = resolve)));
    globalThis.fetch = verify as unknown as typeof fetch;
    renderWithApp(<SettingsPage />, { user: member });
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const field = screen.getByLabelText('Enter your current password');

    await user.type(field, 'ab');
    await user.tab();
    expect(verify).not.toHaveBeenCalled();

    await user.type(field, 'c');
    await user.tab();
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0]![0]).toBe('/api/verify-password');
    expect(JSON.parse(String(verify.mock.calls[0]![1]?.body))).toEqual({ password: 'abc' });
    expect(screen.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
    answer(json(200, { isValid: false }));
    expect(await screen.findByText('Password is incorrect')).toBeInTheDocument();
    // Said on the field, as every settings field's error is.
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Password is incorrect');

    await user.type(field, 'd');
    await user.tab();
    answer(json(200, { isValid: true }));
    expect(await screen.findByText('Password verified')).toBeInTheDocument();
    const dialog = screen.getByRole('dialog');
    expect(screen.getAllByRole('button', { name: 'Delete Account' }).find((b) => dialog.contains(b))).toBeEnabled();

    await user.type(field, 'e');
    await user.tab();
    answer(json(429, { message: 'Too many password checks' }));
    expect(await screen.findByText('Too many password checks')).toBeInTheDocument();

    // Enter checks it as leaving the field does; leaving it then asks no second time.
    await user.type(field, 'f{Enter}');
    expect(verify).toHaveBeenCalledTimes(4);
    expect(JSON.parse(String(verify.mock.calls[3]![1]?.body))).toEqual({ password: 'abcdef' });
    answer(json(200, { isValid: true }));
    expect(await screen.findByText('Password verified')).toBeInTheDocument();
    await user.tab();
    expect(verify).toHaveBeenCalledTimes(4);

    // An answer that comes once the password has changed is about the one before: dropped.
    await user.type(field, 'g{Enter}');
    await user.type(field, 'xyz');
    await act(async () => answer(json(200, { isValid: true })));
    expect(screen.queryByText('Password verified')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Delete Account' }).find((b) => dialog.contains(b))).toBeDisabled();
  });

  it('updates the email: toast, back to view, the new address shown', async () => {
    const user = userEvent.setup();
    let current = member;
    const calls = fakeApi({
      'GET /api/user': () => json(200, current),
      'PATCH /api/profile/email': ({ body }) => {
        current = { ...member, email: (body as { email: string }).email };
        return json(200, current);
      },
    });
    renderWithApp(<SettingsPage />, { user: member });
    await user.click(screen.getByRole('button', { name: 'Change Email' }));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), '  grace@example.com ');
    await user.click(screen.getByRole('button', { name: 'Update Email' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Current password'), 'my-secret');
    await user.click(screen.getByRole('button', { name: 'Update Email' }));

    expect(await screen.findByText('Email updated')).toBeInTheDocument();
    expect(screen.getByText('Your email has been updated successfully.')).toBeInTheDocument();
    expect(await screen.findByText('grace@example.com')).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ email: 'grace@example.com', currentPassword: 'my-secret' });
  });

  it('opens the profile form on the names as they stand now: saving a page read before another device changed one keeps that change', async () => {
    const user = userEvent.setup();
    // Another device renamed Ada to Augusta after this page read the member.
    const calls = fakeApi({
      'GET /api/user': json(200, { ...member, firstName: 'Augusta' }),
      'PATCH /api/profile': ({ body }) => json(200, { ...member, ...(body as object) }),
    });
    renderWithApp(<SettingsPage />, { user: member });
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Augusta'));
    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), 'King');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ firstName: 'Augusta', lastName: 'King' });
  });

  it('saves the names without the spaces typed around them, and shows the first and last name before any other name', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/user': () => new Promise<Response>(() => undefined),
      'PATCH /api/profile': ({ body }) => json(200, { ...member, name: 'Countess', ...(body as object) }),
    });
    renderWithApp(<SettingsPage />, { user: { ...member, name: 'Countess' } });
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), '  Augusta ');
    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), ' King  ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ firstName: 'Augusta', lastName: 'King' });
    expect(screen.getByText('Augusta King')).toBeInTheDocument();
  });

  it('says a check that failed without a reason failed, and checks the password again, unchanged, when asked', async () => {
    const user = userEvent.setup();
    const answers = [json(500, { message: '' }), json(200, { isValid: true })];
    const verify = jest.fn(async () => answers.shift()!);
    globalThis.fetch = verify as unknown as typeof fetch;
    renderWithApp(<SettingsPage />, { user: member });
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.type(screen.getByLabelText('Enter your current password'), 'secret{Enter}');
    expect(await screen.findByText('Password verification failed')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Enter your current password'), '{Enter}');
    expect(await screen.findByText('Password verified')).toBeInTheDocument();
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('keeps what the member typed when the names read anew arrive after it', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    fakeApi({ 'GET /api/user': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithApp(<SettingsPage />, { user: member });
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.type(screen.getByLabelText('First name'), 'x');
    await act(async () => answer(json(200, { ...member, firstName: 'Augusta' })));
    expect(screen.getByLabelText('First name')).toHaveValue('Adax');
  });

  it('says a saved profile is saved even when reading the user again then fails', async () => {
    const user = userEvent.setup();
    fakeApi({
      'PATCH /api/profile': ({ body }) => json(200, { ...member, ...(body as object) }),
      'GET /api/user': json(503, { message: 'The service is temporarily unavailable. Please try again shortly.' }),
    });
    renderWithApp(<SettingsPage />, { user: member });
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated', undefined, { timeout: 2_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
  });

  it('says a saved profile is saved, showing the new name, while reading the user again still waits for an answer', async () => {
    const user = userEvent.setup();
    fakeApi({
      'PATCH /api/profile': ({ body }) => json(200, { ...member, ...(body as object) }),
      'GET /api/user': () => new Promise<Response>(() => undefined),
    });
    renderWithApp(<SettingsPage />, { user: member });
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.getByText('Augusta Lovelace')).toBeInTheDocument();
  });

  it("shows the server's reason when the email is taken, keeping the form open", async () => {
    const user = userEvent.setup();
    fakeApi({ 'PATCH /api/profile/email': json(409, { message: 'Email already in use' }) });
    renderWithApp(<SettingsPage />, { user: member });
    await user.click(screen.getByRole('button', { name: 'Change Email' }));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'taken@example.com');
    await user.type(screen.getByLabelText('Current password'), 'my-secret');
    await user.click(screen.getByRole('button', { name: 'Update Email' }));
    expect(await screen.findByText('Failed to update email')).toBeInTheDocument();
    expect(screen.getByText('Email already in use')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('taken@example.com');
  });

  it('says the session expired, as the error catalogue words it, when a save finds it ended (another device changed the password)', async () => {
    const user = userEvent.setup();
    fakeApi({ 'PATCH /api/profile': json(401, { message: 'You are not signed in' }) });
    renderWithApp(<SettingsPage />, { user: member });
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Authentication Error')).toBeInTheDocument();
    expect(screen.getByText('Your session has expired. Please refresh the page to log in again.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to update profile')).not.toBeInTheDocument();
  });

  it('takes the focus to the first field its own checks refuse, and each message goes once its field is right', async () => {
    const user = userEvent.setup();
    // Nothing is sent but the question of who is signed in (opening the form reads the names anew).
    const calls = fakeApi({ 'GET /api/user': json(200, member) });
    renderWithApp(<SettingsPage />, { user: member });

    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await user.type(screen.getByLabelText('Current password'), 'old-secret');
    await user.type(screen.getByLabelText('New password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    const newPassword = screen.getByLabelText('New password');
    await waitFor(() => expect(newPassword).toHaveFocus());
    expect(newPassword).toHaveAccessibleDescription('Password must be at least 6 characters');
    await user.type(newPassword, 'def');
    expect(screen.queryByText('Password must be at least 6 characters')).not.toBeInTheDocument();
    expect(newPassword).toHaveAttribute('aria-invalid', 'false');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText('First name'));
    await user.clear(screen.getByLabelText('Last name'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveFocus());
    await user.type(screen.getByLabelText('First name'), 'Ada');
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    // Opened again, the form starts without the last time's messages.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText('Last name'));
    expect(screen.queryByText('Last name is required')).not.toBeInTheDocument();
    expect(calls.every((call) => `${call.method} ${call.path}` === 'GET /api/user')).toBe(true);
  });

  it('updates the password: toast, back to view, and the form starts empty again', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/user': json(200, member),
      'PATCH /api/profile/password': json(200, { message: 'Password updated' }),
    });
    renderWithApp(<SettingsPage />, { user: member });
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await user.type(screen.getByLabelText('Current password'), 'old-secret');
    await user.type(screen.getByLabelText('New password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    expect(screen.getByText('Your password has been updated successfully.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ currentPassword: 'old-secret', newPassword: 'new-secret' });
    await user.click(await screen.findByRole('button', { name: 'Change Password' }));
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it('says a wrong current password on its field, with the focus there, and keeps the focus on Update Password while it checks', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    const calls = fakeApi({
      'GET /api/user': json(200, member),
      'PATCH /api/profile/password': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderWithApp(<SettingsPage />, { user: member });
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await user.type(screen.getByLabelText('Current password'), 'not-my-secret');
    await user.type(screen.getByLabelText('New password'), 'new-secret');
    const submit = screen.getByRole('button', { name: 'Update Password' });
    submit.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    // Checking: the button keeps the focus, and a second press sends nothing more.
    expect(submit).toHaveFocus();
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
    await act(async () =>
      answer(json(400, { message: 'Current password is incorrect', errorType: 'VALIDATION_ERROR', field: 'currentPassword' })),
    );
    expect(await screen.findByText('Failed to update password')).toBeInTheDocument();
    const field = screen.getByLabelText('Current password');
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Current password is incorrect');
    // Escape there first closes the toast, and only it: what was typed stays; the next cancels.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Failed to update password')).not.toBeInTheDocument());
    expect(screen.getByLabelText('New password')).toHaveValue('new-secret');
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Password' })).toHaveFocus();
  });

  it('moves focus into each form it opens, and back to its button on Cancel, Escape or once saved (it fell to the page)', async () => {
    const user = userEvent.setup();
    // Saved, the account changes: the card shows the new name and email, its button keeping the focus.
    let current = member;
    const saved = (change: Partial<typeof member>) => () => json(200, (current = { ...current, ...change }));
    const calls = fakeApi({
      'GET /api/user': () => json(200, current),
      'PATCH /api/profile': saved({ firstName: 'Augusta' }),
      'PATCH /api/profile/email': saved({ email: 'augusta@example.com' }),
    });
    renderWithApp(<SettingsPage />, { user: member });
    for (const [button, field] of [
      ['Edit Profile', 'First name'],
      ['Change Email', 'Email'],
      ['Change Password', 'Current password'],
    ] as const) {
      screen.getByRole('button', { name: button }).focus();
      await user.keyboard('{Enter}');
      expect(screen.getByLabelText(field)).toHaveFocus();
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.getByRole('button', { name: button })).toHaveFocus();
    }
    // Escape in a form cancels it, as Cancel does: nothing is saved.
    for (const [button, field] of [
      ['Edit Profile', 'Last name'],
      ['Change Email', 'Current password'],
      ['Change Password', 'New password'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: button }));
      await user.type(screen.getByLabelText(field), 'typed{Escape}');
      expect(screen.queryByLabelText(field)).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: button })).toHaveFocus();
    }
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(await screen.findByText('Augusta')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Change Email' }));
    await user.type(screen.getByLabelText('Current password'), 'my-secret-1');
    await user.click(screen.getByRole('button', { name: 'Update Email' }));
    expect(await screen.findByText('Email updated')).toBeInTheDocument();
    expect(await screen.findAllByText('augusta@example.com')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Change Email' })).toHaveFocus();
  });
});
