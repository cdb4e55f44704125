import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { firstRefusedField, useFocusRefused } from './form.ts';

/** A form that keeps its own errors, as the review, report, message and standing order forms do. */
function OwnErrors({ withHidden = false }: { withHidden?: boolean }) {
  const { ref, refuse } = useFocusRefused<HTMLFormElement>();
  const [refused, setRefused] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRefused(true);
    refuse();
  };
  return (
    <form ref={ref} onSubmit={onSubmit} noValidate>
      {withHidden && <div hidden><input aria-label="Hidden" aria-invalid={refused || undefined} /></div>}
      <label htmlFor="first">First</label><input id="first" />
      <label htmlFor="second">Second</label>
      <input id="second" aria-invalid={refused || undefined} aria-describedby={refused ? 'second-error' : undefined} />
      {refused && <p id="second-error" role="alert">Say why</p>}
      <button type="submit">Send</button>
    </form>
  );
}

describe('useFocusRefused', () => {
  it('moves the focus to the refused field once its message is on screen', async () => {
    render(<OwnErrors />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByLabelText('Second')).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('Say why');
    expect(screen.getByLabelText('Second')).toHaveAccessibleDescription('Say why');
  });

  it('passes over a refused field that is not on screen', async () => {
    render(<OwnErrors withHidden />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByLabelText('Second')).toHaveFocus());
  });

  it('focuses again on a second refused submit after the focus moved away', async () => {
    render(<OwnErrors />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByLabelText('Second')).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByLabelText('Second')).toHaveFocus());
  });
});

describe('firstRefusedField', () => {
  it('gives a refused group (a star picker) its own tab stop', () => {
    render(
      <div data-testid="box">
        <div role="radiogroup" aria-label="Stars" aria-invalid="true">
          <button type="button" role="radio" aria-checked="false" tabIndex={-1}>1</button>
          <button type="button" role="radio" aria-checked="false" tabIndex={0}>2</button>
        </div>
      </div>,
    );
    expect(firstRefusedField(screen.getByTestId('box'))).toBe(screen.getByRole('radio', { name: '2' }));
  });

  it('is null without a refused field', () => {
    render(<div data-testid="box"><input aria-label="Fine" aria-invalid="false" /></div>);
    expect(firstRefusedField(screen.getByTestId('box'))).toBeNull();
  });
});
