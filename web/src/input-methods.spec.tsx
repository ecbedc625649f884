// Keys pressed inside a word being typed with an input method (Japanese, Chinese, Korean): Escape
// cancels the conversion, Enter confirms it, the arrows choose a candidate. Chromium sends them to
// the page with their own key and `isComposing` (checked in Chromium with a composition under way:
// 'Escape', true), Safari the Enter that ends one with key code 229.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RenameForm } from './dashboard/rename-form';
import { ShareDialog } from './dashboard/share-dialog';
import { useToast } from './lib/toast';
import { fakeApi, json, member, renderWithApp } from './test/render';

const inWord = { isComposing: true };

it('keeps a rename open, with what was typed, on an Escape or Enter of the input method', () => {
  const onCancel = jest.fn();
  const onSave = jest.fn();
  renderWithApp(<RenameForm id="rename" number={1} title="Bus lanes" saving={false} onSave={onSave} onCancel={onCancel} />, {
    user: member,
  });
  const field = screen.getByRole('textbox', { name: 'Title of topic 1' });
  fireEvent.change(field, { target: { value: '' } });
  fireEvent.change(field, { target: { value: 'バス' } });
  // (Escape closed the rename, losing the title typed so far.)
  fireEvent.keyDown(field, { key: 'Escape', ...inWord });
  fireEvent.keyDown(field, { key: 'Enter', keyCode: 229 });
  expect(onCancel).not.toHaveBeenCalled();
  expect(field).toHaveValue('バス');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  // Outside a word, Escape cancels as it always did.
  fireEvent.keyDown(field, { key: 'Escape' });
  expect(onCancel).toHaveBeenCalledTimes(1);
});

it("keeps the share dialog, and the title typed in it, on the input method's Escape", async () => {
  fakeApi({ 'GET /api/user': json(200, member), 'GET /api/analysis/shares-map': json(200, []) });
  const onOpenChange = jest.fn();
  renderWithApp(
    <ShareDialog
      open
      onOpenChange={onOpenChange}
      youtubeId="FCdemoTalk1"
      videoTitle="Bus lanes"
      topics={[{ id: 't1', title: 'Bus lanes', startTime: 0, endTime: 60, quotes: [] }]}
    />,
    { user: member },
  );
  const dialog = await screen.findByRole('dialog');
  const title = within(dialog).getByLabelText('Title');
  fireEvent.change(title, { target: { value: '都市のバス' } });
  fireEvent.keyDown(title, { key: 'Escape', ...inWord });
  expect(onOpenChange).not.toHaveBeenCalled();
  expect(title).toHaveValue('都市のバス');
  fireEvent.keyDown(title, { key: 'Escape' });
  expect(onOpenChange).toHaveBeenCalledWith(false);
});

function ToastOnOpen() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast({ title: 'Title saved' })}>toast</button>
      <input aria-label="Notes" />
    </>
  );
}

it("keeps a toast on the input method's Escape typed elsewhere on the page", async () => {
  const user = userEvent.setup();
  renderWithApp(<ToastOnOpen />, { user: null });
  await user.click(screen.getByRole('button', { name: 'toast' }));
  expect(await screen.findByText('Title saved')).toBeInTheDocument();
  const notes = screen.getByRole('textbox', { name: 'Notes' });
  fireEvent.keyDown(notes, { key: 'Escape', ...inWord });
  expect(screen.getByText('Title saved')).toBeInTheDocument();
  fireEvent.keyDown(notes, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByText('Title saved')).not.toBeInTheDocument());
});
