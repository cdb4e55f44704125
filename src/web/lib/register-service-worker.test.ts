import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './register-service-worker.ts';
import { KEEP_MESSAGE } from './service-worker-messages.ts';

/** A service worker container: no controller until `takeControl`. */
function container(controlled: boolean) {
  const events = new EventTarget();
  const postMessage = vi.fn();
  const fake = {
    controller: controlled ? { postMessage } : null,
    register: vi.fn(() => Promise.resolve({})),
    addEventListener: events.addEventListener.bind(events),
    takeControl() {
      fake.controller = { postMessage };
      events.dispatchEvent(new Event('controllerchange'));
    },
  };
  return { fake, postMessage };
}

afterEach(() => { vi.restoreAllMocks(); });

describe('registerServiceWorker', () => {
  it('registers /sw.js and, when the worker takes control of a first visit, posts the API reads the page made', () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { name: `${location.origin}/api/products?limit=24` }, { name: `${location.origin}/assets/app.js` },
      { name: `${location.origin}/api/products?limit=24` }, { name: `${location.origin}/api/households` },
    ] as PerformanceEntry[]);
    const { fake, postMessage } = container(false);
    registerServiceWorker(fake);
    expect(fake.register).toHaveBeenCalledWith('/sw.js');
    expect(postMessage).not.toHaveBeenCalled();
    fake.takeControl();
    expect(postMessage).toHaveBeenCalledWith({
      type: KEEP_MESSAGE, urls: [`${location.origin}/api/products?limit=24`, `${location.origin}/api/households`],
    });
  });

  it('posts nothing when a worker already controls the page (it saw every read)', () => {
    const { fake, postMessage } = container(true);
    registerServiceWorker(fake);
    fake.takeControl();
    expect(postMessage).not.toHaveBeenCalled();
  });
});
