import type { Language } from './constants.ts';

/**
 * The contract between the server (plugins/web.ts) and the web app's server renderer
 * (src/web/entry-server.tsx, built by `vite build --ssr` into dist/ssr). The server loads the
 * built module at run time; neither side imports the other's source.
 */
export interface ServerRenderer {
  /** Renders `url` (path and query) in `language`; rejects when it cannot (the server then sends the plain shell). */
  render(url: string, language: Language): Promise<ServerRendered>;
}

export interface ServerRendered {
  /** The markup for `<div id="root">`. */
  html: string;
  /** JSON for the browser (`<script type="application/json" id="ssr-state">`), already safe to embed in HTML. */
  state: string;
  /**
   * The page is complete as rendered: a public page with all its data and no query to act on.
   * The browser then starts the app only when the visitor needs it (src/web/boot.ts).
   */
  complete: boolean;
}

export interface ServerRendererOptions {
  /** Answers the app's own GET /api/… requests in-process (Fastify's inject), as the browser's fetch would. */
  fetch(path: string, init: RequestInit): Promise<Response>;
}

/** What the built dist/ssr/entry-server.js exports. */
export interface ServerRendererModule {
  createServerRenderer(options: ServerRendererOptions): ServerRenderer;
}

/** What the page carries from the server to the browser. */
export interface ServerState {
  language: Language;
  /** TanStack Query's dehydrated cache. */
  queries: unknown;
}

export const SSR_STATE_ID = 'ssr-state';
/** On the state's script tag when the page is complete as rendered (ServerRendered.complete). */
export const SSR_COMPLETE_ATTRIBUTE = 'data-complete';
