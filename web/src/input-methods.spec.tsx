// Keys pressed inside a word being typed with an input method (Japanese, Chinese, Korean): Escape
// cancels the conversion, Enter confirms it, the arrows choose a candidate. Chromium sends them to
// the page with their own key and `isComposing` (checked in Chromium with a composition under way:
// 'Escape', true), Safari the Enter that ends one with key code 229.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlaybackProvider } from './components/playback';
import { RenameForm } from './dashboard/rename-form';
import { SearchSection } from './dashboard/search-section';
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

it('leaves the search box to the input method: its Escape, Enter and arrows neither clear, play nor step', async () => {
  const user = userEvent.setup();
  const segments = [
    { text: 'バスの専用レーンについて', start: 10, end: 14 },
    { text: 'バスは都市の背骨です', start: 20, end: 24 },
  ];
  const topics = [{ id: 't1', title: '都市のバス', startTime: 0, endTime: 60, quotes: [] }];
  fakeApi({ 'GET /api/videos/dQw4w9WgXcQ/transcript': json(200, { videoId: 'dQw4w9WgXcQ', segments }) });
  renderWithApp(
    <PlaybackProvider>
      <SearchSection youtubeId="dQw4w9WgXcQ" topics={topics} transcriptUrl="/api/videos/dQw4w9WgXcQ/transcript" />
    </PlaybackProvider>,
    { user: null },
  );
  const box = screen.getByRole('searchbox', { name: 'Search this video' });
  await user.click(box);
  await user.keyboard('バス');
  const status = await screen.findByText(/^3 matches, 1 of 3/);
  for (const key of ['ArrowDown', 'ArrowDown', 'Enter', 'Escape']) {
    const press = fireEvent.keyDown(box, { key, ...inWord });
    // Not taken from the input method (an arrow taken chose no candidate).
    expect({ key, taken: !press }).toEqual({ key, taken: false });
  }
  expect(box).toHaveValue('バス');
  expect(box).toHaveFocus();
  expect(status).toHaveTextContent(/^3 matches, 1 of 3/);
  // Outside a word the keys act: the arrow steps, Escape clears.
  fireEvent.keyDown(box, { key: 'ArrowDown' });
  expect(status).toHaveTextContent(/^3 matches, 2 of 3/);
  fireEvent.keyDown(box, { key: 'Escape' });
  await waitFor(() => expect(box).toHaveValue(''));
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
