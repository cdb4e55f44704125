import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Story } from '#shared/contracts/stories.ts';
import { renderRoutes } from '#web/test/render.tsx';
import { StoryViewer } from './story-viewer.tsx';

const story: Story = {
  id: 's-1', householdId: 'h-1', householdName: 'Salaš Kovač', householdAvatar: null,
  mediaUrl: '/media/s-1.jpg', mediaType: 'image', caption: 'Jutarnja muža', createdAt: '2026-01-01T08:00:00.000Z', expiresAt: '2026-01-02T08:00:00.000Z',
};

/** Like the feed: the viewer is mounted only while open, opened by one of several circles. */
function Feed({ withReturnFocus }: { withReturnFocus: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button">Other</button>
      <button type="button" data-circle onClick={() => setOpen(true)}>Open stories</button>
      {open && (
        <StoryViewer
          stories={[story]} householdName="Salaš Kovač" householdAvatar={null} open
          onOpenChange={(next) => { if (!next) setOpen(false); }}
          returnFocus={withReturnFocus ? () => document.querySelector<HTMLElement>('[data-circle]') : undefined}
        />
      )}
    </div>
  );
}

describe('StoryViewer: focus', () => {
  it.each([true, false])('gives the focus back to the circle that opened it when it closes (returnFocus given: %s)', async (withReturnFocus) => {
    await renderRoutes({ routes: [{ path: '/', element: <Feed withReturnFocus={withReturnFocus} /> }] });
    const user = userEvent.setup();
    const circle = screen.getByRole('button', { name: 'Open stories' });
    await user.click(circle);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(circle).not.toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(circle).toHaveFocus());
  });
});
