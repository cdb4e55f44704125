import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import en from '../locales/en/common.json';
import ru from '../locales/ru/common.json';
import sr from '../locales/sr/common.json';
import { toSerbianLatin } from '#shared/serbian-latin.ts';
import { showStartFailed } from './start-failed.ts';

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.lang = 'sr';
  vi.restoreAllMocks();
});

describe('showStartFailed', () => {
  it.each([
    ['sr', sr.appError.chunkMessage, sr.appError.reload],
    ['sr-Latn', toSerbianLatin(sr.appError.chunkMessage), toSerbianLatin(sr.appError.reload)],
    ['en', en.appError.chunkMessage, en.appError.reload],
    ['ru', ru.appError.chunkMessage, ru.appError.reload],
  ])('says in the page language (%s) that a reload is needed, once however often it is called', (lang, message, reload) => {
    document.documentElement.lang = lang;
    showStartFailed();
    showStartFailed();
    const alert = screen.getByRole('alert');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('button', { name: reload })).toBeInTheDocument();
  });

  it('reloads the page from its button; an unknown page language reads as Serbian', () => {
    document.documentElement.lang = '<b>';
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    showStartFailed();
    within(screen.getByRole('alert')).getByRole('button', { name: sr.appError.reload }).click();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
