import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '#web/test/render.tsx';
import { StoryCircles, storyCircleHref, type StoryCircleHousehold } from './story-circles.tsx';

const households: StoryCircleHousehold[] = [
  { id: 'h-story', name: 'Домаћинство Милосављевић', avatar: null, hasActiveStory: true },
  { id: 'h-plain', name: 'Salaš Kovač', avatar: null, hasActiveStory: false },
];

async function render(onOpen = vi.fn()) {
  const { router } = await renderRoutes({
    routes: [
      { path: '/', element: <StoryCircles households={households} isLoading={false} onOpen={onOpen} /> },
      { path: '/household/:id', element: <p>household page</p> },
    ],
  });
  return { router, onOpen };
}

describe('StoryCircles', () => {
  it('every circle is a link to its household (a story circle asks the page to open the stories)', async () => {
    await render();
    expect(screen.getByRole('link', { name: 'Open stories of Домаћинство Милосављевић' })).toHaveAttribute('href', '/household/h-story?story=1');
    // Without a story: a link too, named by the household (the avatar letter is not read).
    expect(screen.getByRole('link', { name: 'Salaš Kovač' })).toHaveAttribute('href', '/household/h-plain');
    expect(storyCircleHref({ id: 'x', hasActiveStory: false })).toBe('/household/x');
  });

  it('the whole name is in the page, not cut with an ellipsis', async () => {
    await render();
    const name = screen.getByText('Домаћинство Милосављевић');
    expect(name.className).not.toMatch(/truncate|line-clamp|text-ellipsis/);
  });

  it('once the app runs, a story circle opens the viewer in place (no navigation)', async () => {
    const { router, onOpen } = await render();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Open stories of Домаћинство Милосављевић' }));
    expect(onOpen).toHaveBeenCalledWith('h-story');
    expect(router.location.pathname).toBe('/');
  });

  it('a circle without a story goes to the household page', async () => {
    const { router, onOpen } = await render();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Salaš Kovač' }));
    await waitFor(() => expect(router.location.pathname).toBe('/household/h-plain'));
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('a modified click (new tab) is left to the browser: the viewer does not open', async () => {
    const { onOpen } = await render();
    const user = userEvent.setup();
    await user.keyboard('{Control>}');
    await user.click(screen.getByRole('link', { name: 'Open stories of Домаћинство Милосављевић' }));
    await user.keyboard('{/Control}');
    expect(onOpen).not.toHaveBeenCalled();
  });
});
