// Evaluated by boot.ts in a task of its own ahead of main.tsx: only what main.tsx uses, so the
// bundler still drops the rest of the library.
export { createRoot, hydrateRoot } from 'react-dom/client';
