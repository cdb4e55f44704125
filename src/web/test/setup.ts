import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

// jsdom has no scrolling; the router's ScrollRestoration calls it.
window.scrollTo = () => {};

// The app downloads one language at a time; tests switch freely, so all are loaded up front.
const { default: i18n, startI18n } = await import('#web/lib/i18n.ts');
await startI18n();
await i18n.loadLanguages(['sr', 'en', 'ru']);
