import { API_SEGMENT, KEEP_MESSAGE, type KeepMessage } from './service-worker-messages.ts';

/**
 * Registers the service worker (src/web/sw.ts, built to /sw.js). On a first visit the page
 * loaded before any worker controlled it, so nothing it read was kept: when the worker takes
 * control, the page tells it which API reads it made (the worker keeps the public ones, and
 * the page itself when it is a public page), so the first page reads offline like later ones.
 */
/** What registering needs of a ServiceWorkerContainer (so a test can hand it a plain object). */
interface WorkerContainer {
  readonly controller: { postMessage(message: KeepMessage): void } | null;
  addEventListener(type: 'controllerchange', listener: () => void, options?: AddEventListenerOptions): void;
  register(scriptUrl: string): Promise<unknown>;
}

export function registerServiceWorker(container: WorkerContainer = navigator.serviceWorker): void {
  if (!container.controller) {
    container.addEventListener('controllerchange', () => {
      const urls = performance.getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => new URL(name, location.href).pathname.split('/')[1] === API_SEGMENT);
      const message: KeepMessage = { type: KEEP_MESSAGE, urls: [...new Set(urls)] };
      container.controller?.postMessage(message);
    }, { once: true });
  }
  container.register('/sw.js').catch((error: unknown) => {
    console.warn('Service worker registration failed:', error);
  });
}
