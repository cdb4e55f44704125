import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormRefusal } from '#web/components/form/form-refusal.tsx';
import i18n from '#web/lib/i18n.ts';
import { TranslationProvider } from '#web/lib/translate.tsx';
import { errorPaths, readDecimal, useSubmitOrSay } from './form.ts';

afterAll(async () => { await i18n.changeLanguage('en'); });

const schema = z.object({ shown: z.string().min(1, 'Enter it'), hidden: z.string().min(1, 'Never on screen') });

function Probe({ onValid, hidden }: { onValid: () => void; hidden: string }) {
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { shown: '', hidden } });
  const { formProps, refusedHidden, messageRef } = useSubmitOrSay(form, onValid);
  return (
    <form {...formProps}>
      <FormRefusal show={refusedHidden} messageRef={messageRef} />
      <label htmlFor="shown">Shown</label>
      <input id="shown" {...form.register('shown')} />
      <button type="submit">Send</button>
    </form>
  );
}

function renderProbe(hidden: string) {
  const onValid = vi.fn();
  render(<TranslationProvider i18n={i18n}><Probe onValid={onValid} hidden={hidden} /></TranslationProvider>);
  return onValid;
}

describe('useSubmitOrSay', () => {
  it('a refused field on screen gets the focus', async () => {
    await i18n.changeLanguage('en');
    const onValid = renderProbe('ok');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByLabelText('Shown')).toHaveFocus());
    expect(onValid).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an error on a field not on screen is never a silent no-op: the form says so and focuses its message', async () => {
    await i18n.changeLanguage('en');
    const onValid = renderProbe('');
    await userEvent.type(screen.getByLabelText('Shown'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent('This form could not be sent');
    await waitFor(() => expect(message).toHaveFocus());
    expect(onValid).not.toHaveBeenCalled();
  });

  it('a valid form sends', async () => {
    const onValid = renderProbe('ok');
    await userEvent.type(screen.getByLabelText('Shown'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
  });
});

describe('form readers', () => {
  it('errorPaths lists nested fields', () => {
    expect(errorPaths({ a: { type: 'x', message: 'm' }, b: { c: { type: 'y', message: 'n' } } })).toEqual(['a', 'b.c']);
  });
  it('readDecimal reads the language\'s way, empty as given, other text as NaN', () => {
    expect(readDecimal('450,50', 'sr', undefined)).toBe(450.5);
    expect(readDecimal('450.50', 'en', null)).toBe(450.5);
    expect(readDecimal('', 'en', null)).toBeNull();
    expect(readDecimal('450.50', 'sr', null)).toBeNaN();
  });
});
