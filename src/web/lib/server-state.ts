import { SSR_STATE_ID, type ServerState } from '#shared/ssr.ts';

let read: ServerState | null | undefined;

/**
 * The server's rendering of this page (`<script id="ssr-state">`, plugins/web.ts), parsed once:
 * by an early "Add to basket" (lib/early-add.ts) or by the app's start (main.tsx), whichever
 * comes first. Null when the server sent none or it cannot be read.
 */
export function readServerState(): ServerState | null {
  if (read === undefined) {
    const script = document.getElementById(SSR_STATE_ID);
    try {
      read = script?.textContent ? (JSON.parse(script.textContent) as ServerState) : null;
    } catch {
      read = null;
    }
  }
  return read;
}
