import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES } from '#shared/contracts/notifications.ts';
import en from '#web/locales/en/notifications.json';
import ru from '#web/locales/ru/notifications.json';
import sr from '#web/locales/sr/notifications.json';

/** The settings list every kind of notification by its `types.<kind>` label: none may show its key. */
describe('notification kinds', () => {
  it.each([['sr', sr], ['en', en], ['ru', ru]] as const)('each has a label in %s', (_language, texts) => {
    const types = (texts as { types: Record<string, string> }).types;
    expect(NOTIFICATION_TYPES.filter((type) => !types[type]?.trim())).toEqual([]);
  });
});
