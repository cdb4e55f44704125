import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * For component tests: the rule of docs/input-rules.md for one refused field: it is marked
 * invalid, its description names a message with `message` that is announced (role="alert"), and
 * it has the focus. The browser journeys' twin is `expectRefused` in e2e/support/accounts.ts.
 */
export async function expectRefusedField(field: HTMLElement, message: string | RegExp): Promise<void> {
  await waitFor(() => expect(field).toHaveFocus());
  expect(field).toHaveAttribute('aria-invalid', 'true');
  const said = (field.getAttribute('aria-describedby') ?? '').split(/\s+/)
    .map((id) => document.getElementById(id))
    .find((element) => element && (typeof message === 'string' ? element.textContent?.includes(message) : message.test(element.textContent ?? '')));
  expect(said, `a description of the field says ${String(message)}`).toBeTruthy();
  expect(said).toHaveAttribute('role', 'alert');
}
