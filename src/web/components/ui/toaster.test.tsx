import { act, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from './toaster.tsx';

afterEach(() => {
  act(() => { toast.dismiss(); });
});

describe('Toaster', () => {
  it('shows one error at a time: a newer error replaces the older one', async () => {
    render(<Toaster />);
    act(() => { toast.error('First failure'); });
    await screen.findByText('First failure');
    act(() => { toast.error('Second failure'); });
    await screen.findByText('Second failure');
    await waitFor(() => expect(screen.queryByText('First failure')).toBeNull());
  });

  it('takes an error away once something succeeds', async () => {
    render(<Toaster />);
    act(() => { toast.error('Wrong e-mail or password'); });
    await screen.findByText('Wrong e-mail or password');
    act(() => { toast.success('Welcome back'); });
    await screen.findByText('Welcome back');
    await waitFor(() => expect(screen.queryByText('Wrong e-mail or password')).toBeNull());
  });

  it('keeps an error that comes after a success', async () => {
    render(<Toaster />);
    act(() => { toast.success('Saved'); });
    await screen.findByText('Saved');
    act(() => { toast.error('Then it failed'); });
    await screen.findByText('Then it failed');
    expect(screen.getByText('Saved')).toBeTruthy();
  });
});
