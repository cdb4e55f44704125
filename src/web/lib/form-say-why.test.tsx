import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import { afterAll, describe, expect, it } from 'vitest';
import { FormRefusal } from '#web/components/form/form-refusal.tsx';
import i18n from '#web/lib/i18n.ts';
import { TranslationProvider } from '#web/lib/translate.tsx';
import { useSayWhy } from './form-say-why.ts';

afterAll(async () => { await i18n.changeLanguage('en'); });

/** A form with its own state: refuses `refused` (paths), one of which may be off screen. */
function Probe({ refused }: { refused: string[] }) {
  const { formRef, refusedHidden, messageRef, say } = useSayWhy();
  const [errors, setErrors] = useState<string[]>([]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors(refused);
    say(refused);
  };
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit}>
      <FormRefusal show={refusedHidden} messageRef={messageRef} />
      <label htmlFor="a">A</label>
      <input id="a" name="points.0.name" aria-describedby={errors.includes('points.0.name') ? 'a-error' : undefined} />
      {errors.includes('points.0.name') ? <p id="a-error" role="alert">Name it</p> : null}
      <div hidden><input aria-label="Off" name="delivery.fee" /></div>
      <button type="submit">Save</button>
    </form>
  );
}

const renderProbe = (refused: string[]) => render(<TranslationProvider i18n={i18n}><Probe refused={refused} /></TranslationProvider>);

describe('useSayWhy', () => {
  it('focuses the first refused field on screen, its message beside it', async () => {
    await i18n.changeLanguage('en');
    renderProbe(['delivery.fee', 'points.0.name']);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('A')).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('Name it');
    expect(screen.getByLabelText('A')).toHaveAccessibleDescription('Name it');
  });

  it('a refused field not on screen: the form says so and focuses its message', async () => {
    await i18n.changeLanguage('en');
    renderProbe(['delivery.fee']);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent('This form could not be sent');
    await waitFor(() => expect(message).toHaveFocus());
  });

  it('nothing refused: no message, the focus stays', async () => {
    renderProbe([]);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  });
});
