import { describe, expect, it } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import { Avatar, AvatarFallback, AvatarImage } from './avatar.tsx';

function pictureState(img: HTMLImageElement, complete: boolean, naturalWidth: number) {
  Object.defineProperty(img, 'complete', { configurable: true, get: () => complete });
  Object.defineProperty(img, 'naturalWidth', { configurable: true, get: () => naturalWidth });
}

/** Pictures are created with the state the browser gives them before React sees them. */
function renderWithPicture(complete: boolean, naturalWidth: number) {
  const create = document.createElement.bind(document);
  const spy = (tag: string, options?: ElementCreationOptions) => {
    const element = create(tag, options);
    if (tag === 'img') pictureState(element as HTMLImageElement, complete, naturalWidth);
    return element;
  };
  document.createElement = spy as typeof document.createElement;
  try {
    return render(
      <Avatar>
        <AvatarImage src="/media/a.webp" alt="" />
        <AvatarFallback>A</AvatarFallback>
      </Avatar>,
    );
  } finally {
    document.createElement = create;
  }
}

describe('Avatar', () => {
  it('shows the picture alone once it has loaded, even before React listened', () => {
    const { container } = renderWithPicture(true, 64);
    expect(container.querySelector('img')).not.toBeNull();
    expect(container).not.toHaveTextContent('A');
  });

  it('drops a picture that failed before React listened and shows the initial', () => {
    const { container } = renderWithPicture(true, 0);
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('A');
  });

  it('shows the initial under a loading picture, and only the initial when it fails', () => {
    const { container } = renderWithPicture(false, 0);
    const img = container.querySelector('img')!;
    expect(container).toHaveTextContent('A');
    fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('A');
  });
});
