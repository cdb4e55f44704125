import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { MediaUpload } from '#shared/contracts/media.ts';
import i18n from '#web/lib/i18n.ts';
import type { UploadFieldProps } from '../lib/upload-field.ts';
import { HOUSEHOLD, renderWithClient, sent, stubFetch } from '../test/household-fixture.tsx';
import { StoriesSection } from './stories-section.tsx';

afterEach(() => { vi.unstubAllGlobals(); });
afterAll(async () => { await i18n.changeLanguage('en'); });

const UPLOADED: MediaUpload = { id: '0b7f2c1e-3d4a-4b5c-8d6e-7f8091a2b3c4', url: '/media/story.png', type: 'image' };

/** The media feature's field as far as the form sees it: a file input that "uploads" at once, marked when refused. */
function FakeUpload({ id, label, onUploaded, error }: UploadFieldProps) {
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="file" onChange={() => onUploaded(UPLOADED)}
        aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error ? <p id={`${id}-error`} role="alert">{error}</p> : null}
    </div>
  );
}

const answer = (url: string, init?: RequestInit) => new Response(
  JSON.stringify(init?.method === 'POST' ? { id: 'x' } : { items: [] }), { status: init?.method === 'POST' ? 201 : 200 },
);

describe('story', () => {
  it('refuses posting with no photo or video beside the file field, focused; with one it posts', async () => {
    await i18n.changeLanguage('en');
    const fetchMock = stubFetch(answer);
    renderWithClient(<StoriesSection householdId={HOUSEHOLD.id} UploadField={FakeUpload} />);
    const post = screen.getByRole('button', { name: 'Post story' });
    expect(post).toBeEnabled();
    await userEvent.click(post);
    const file = screen.getByLabelText('Photo or video');
    await waitFor(() => expect(file).toHaveFocus());
    expect(file).toHaveAttribute('aria-invalid', 'true');
    expect(file).toHaveAccessibleDescription('Choose a photo or video first.');
    expect(sent(fetchMock, 'POST')).toHaveLength(0);

    fireEvent.change(file, { target: { files: [new File(['x'], 'story.png', { type: 'image/png' })] } });
    expect(file).not.toHaveAttribute('aria-invalid');
    fireEvent.change(screen.getByLabelText('Caption (optional)'), { target: { value: ' Jutro ' } });
    await userEvent.click(post);
    await waitFor(() => expect(sent(fetchMock, 'POST')).toHaveLength(1));
    expect(sent(fetchMock, 'POST')[0]).toEqual({ mediaId: UPLOADED.id, caption: 'Jutro' });
  });

  it('refuses a caption with a control character beside it', async () => {
    await i18n.changeLanguage('sr');
    const fetchMock = stubFetch(answer);
    renderWithClient(<StoriesSection householdId={HOUSEHOLD.id} UploadField={FakeUpload} />);
    fireEvent.change(screen.getByLabelText('Фотографија или видео'), { target: { files: [new File(['x'], 'story.png', { type: 'image/png' })] } });
    const caption = screen.getByLabelText('Опис (необавезно)');
    fireEvent.change(caption, { target: { value: 'Јутро\u0007' } });
    await userEvent.click(screen.getByRole('button', { name: 'Објави причу' }));
    await waitFor(() => expect(caption).toHaveFocus());
    expect(caption).toHaveAttribute('aria-invalid', 'true');
    expect(caption).toHaveAccessibleDescription('Садржи знак који није дозвољен (контролни или оштећен знак).');
    expect(sent(fetchMock, 'POST')).toHaveLength(0);
  });
});
