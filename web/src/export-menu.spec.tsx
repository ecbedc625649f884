import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ExportMenu } from './components/export-menu';
import { renderWithApp, savedFiles } from './test/render';

const source = { title: 'Bus lanes, explained', youtubeId: 'dQw4w9WgXcQ', topics: [], durationSeconds: 600 };

/** The menu's <details>, and whether it is open. */
const menu = () => screen.getByText('Export').closest('details')!;

describe('the Export menu', () => {
  it('names the file from the title, its letters kept with their accents, in any script', async () => {
    const user = userEvent.setup();
    const saved = savedFiles();
    renderWithApp(<ExportMenu source={{ ...source, title: 'Café Über Größe: ガイド データ (नमस्ते)' }} />);
    await user.click(screen.getByText('Export'));
    await user.click(screen.getByRole('button', { name: 'SRT subtitles' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('café-über-größe-ガイド-データ-नमस्ते.srt');
    // The download itself says nothing to a screen reader: the page does.
    await waitFor(() =>
      expect(document.querySelector('[data-announcer]')).toHaveTextContent('Saved café-über-größe-ガイド-データ-नमस्ते.srt'),
    );
  });

  it('cuts a long title into a name of 80 characters as a reader counts them, never after a dash nor inside a letter', async () => {
    const user = userEvent.setup();
    const saved = savedFiles();
    const exported = async (title: string) => {
      const view = renderWithApp(<ExportMenu source={{ ...source, title }} />);
      await user.click(screen.getByText('Export'));
      await user.click(screen.getByRole('button', { name: 'JSON' }));
      await waitFor(() => expect(saved.length).toBeGreaterThan(0));
      view.unmount();
      return saved.pop()!.name;
    };
    // The 80th character is a space: the name does not end on its dash.
    expect(await exported(`${'a'.repeat(79)} bcd`)).toBe(`${'a'.repeat(79)}.json`);
    // Letters of two UTF-16 units (CJK Extension B) stay whole.
    expect(await exported('𠮷'.repeat(100))).toBe(`${'𠮷'.repeat(80)}.json`);
    // A letter keeps its combining mark (one that no single character composes with it).
    expect(await exported('x\u0301'.repeat(100))).toBe(`${'x\u0301'.repeat(80)}.json`);
  });

  it('closes on Escape, giving the focus back to Export', async () => {
    const user = userEvent.setup();
    renderWithApp(<ExportMenu source={source} />);
    await user.click(screen.getByText('Export'));
    expect(menu().open).toBe(true);
    screen.getByRole('button', { name: 'SRT subtitles' }).focus();
    await user.keyboard('{Escape}');
    expect(menu().open).toBe(false);
    expect(document.activeElement).toBe(menu().querySelector('summary'));
  });

  it('moves between the formats with the arrow keys, Home and End, round the ends', async () => {
    const user = userEvent.setup();
    renderWithApp(<ExportMenu source={source} />);
    await user.click(screen.getByText('Export'));
    const formats = [...menu().querySelectorAll('ul button')] as HTMLButtonElement[];
    // Opened, the first format has the keyboard.
    await waitFor(() => expect(formats[0]).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(formats[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(formats.at(-1)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(formats[0]).toHaveFocus();
    await user.keyboard('{End}');
    expect(formats.at(-1)).toHaveFocus();
  });

  it('closes on Escape with the focus elsewhere, and when the focus leaves it', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <>
        <ExportMenu source={source} />
        <button>Next control</button>
      </>,
    );
    await user.click(screen.getByText('Export'));
    await waitFor(() => expect(menu().open).toBe(true));
    screen.getByRole('button', { name: 'Next control' }).focus();
    expect(menu().open).toBe(false);
    await user.click(screen.getByText('Export'));
    await waitFor(() => expect(menu().open).toBe(true));
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Escape}');
    expect(menu().open).toBe(false);
  });

  it('closes on a click outside it, and stays open for a click inside', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <>
        <p>Elsewhere on the page</p>
        <ExportMenu source={source} />
      </>,
    );
    await user.click(screen.getByText('Export'));
    await waitFor(() => expect(menu().open).toBe(true));
    fireEvent.pointerDown(screen.getByRole('button', { name: 'JSON' }));
    expect(menu().open).toBe(true);
    fireEvent.pointerDown(screen.getByText('Elsewhere on the page'));
    expect(menu().open).toBe(false);
  });
});
