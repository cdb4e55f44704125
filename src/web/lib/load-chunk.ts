/** How long to wait before the one retry of a failed chunk download. */
const RETRY_DELAY_MS = 700;

/**
 * A code chunk, downloaded again once if the first try fails (a flaky connection, a deploy
 * that replaced the files a moment ago). A second failure is the caller's to show.
 */
export function loadChunk<T>(load: () => Promise<T>): () => Promise<T> {
  return () => load().catch(() => new Promise<void>((resolve) => setTimeout(resolve, RETRY_DELAY_MS)).then(load));
}

/** Whether an error is a failed download of a code chunk (each browser words it its own way). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|module script failed|Importing a module script|Loading (CSS )?chunk|ChunkLoadError|error loading dynamically/i.test(message);
}
