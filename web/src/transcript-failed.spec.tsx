import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TranscriptSection, transcriptOrigin } from './dashboard/transcript-section';
import { renderWithApp } from './test/render';

// The panel's code cannot be loaded: a new version replaced this tab's files, say.
jest.mock('./dashboard/transcript-panel', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('the transcript whose code cannot be loaded', () => {
  it('says so in its place, and the page around it stays', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithApp(
      <main>
        <h1>Why cities add bus lanes</h1>
        <TranscriptSection youtubeId="dQw4w9WgXcQ" topics={[]} origin={transcriptOrigin('dQw4w9WgXcQ', null)} />
      </main>,
    );
    await user.click(screen.getByRole('button', { name: 'Show transcript' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The transcript could not be loaded. Find Clips may have been updated since this tab opened. Reload the page to get the latest version.',
    );
    expect(screen.getByRole('heading', { name: 'Why cities add bus lanes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide transcript' })).toBeInTheDocument();
  });
});
