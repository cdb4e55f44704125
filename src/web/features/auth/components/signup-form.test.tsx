import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '#web/test/render.tsx';
import { SignupForm } from './signup-form.tsx';

afterEach(() => vi.unstubAllGlobals());

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

async function fillAndSubmit(email: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Full name'), 'Марија Николић');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
  await user.type(screen.getByLabelText('Confirm password'), 'correct horse battery');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('SignupForm', () => {
  it('on a taken e-mail offers the code page for that e-mail (a pending owner was just mailed a fresh code)', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse(409, { error: 'An account with this email already exists', code: 'auth.email_taken' })));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await renderRoutes({
      routes: [{ path: '/signup', element: <SignupForm /> }, { path: '/verify-email', element: <p>verify page</p> }],
      path: '/signup',
    });
    await fillAndSubmit('marija@example.rs');
    const link = await screen.findByRole('link', { name: 'Enter the code' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(router.location.pathname).toBe('/signup');
    expect(link).toHaveAttribute('href', '/verify-email?email=marija%40example.rs');
    await userEvent.setup().click(link);
    await waitFor(() => expect(router.location.pathname).toBe('/verify-email'));
  });

  it('shows no such hint for other failures', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(jsonResponse(429, { error: 'Too many requests', code: 'auth.rate_limited' }))));
    await renderRoutes({ routes: [{ path: '/signup', element: <SignupForm /> }], path: '/signup' });
    await fillAndSubmit('marija@example.rs');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled());
    expect(screen.queryByRole('link', { name: 'Enter the code' })).toBeNull();
  });

  it('on an empty submit marks each required field invalid with its message, focuses the first, sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await renderRoutes({ routes: [{ path: '/signup', element: <SignupForm /> }], path: '/signup' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all required fields');
    for (const label of ['Full name', 'Email', 'Password']) {
      const input = screen.getByLabelText(label);
      expect(input, label).toHaveAttribute('aria-invalid', 'true');
      expect(input, label).toHaveAccessibleDescription(expect.stringContaining('This field is required'));
    }
    // Optional, or nothing to compare yet: not marked.
    expect(screen.getByLabelText('Phone (optional)')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Confirm password')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Full name')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    // Typing into a field clears its mark; the others stay marked.
    await user.type(screen.getByLabelText('Full name'), 'Марија');
    expect(screen.getByLabelText('Full name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('marks the field at fault for a short or mismatched password and a bad phone number', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await renderRoutes({ routes: [{ path: '/signup', element: <SignupForm /> }], path: '/signup' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Full name'), 'Марија Николић');
    await user.type(screen.getByLabelText('Email'), 'marija@example.rs');
    await user.type(screen.getByLabelText('Phone (optional)'), '12');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'shorter');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByLabelText('Password')).toHaveAccessibleDescription(expect.stringContaining('Password must be at least 8 characters'));
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords do not match');
    expect(screen.getByLabelText('Phone (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Full name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Phone (optional)')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
