import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { classMergeConfig } from './class-merge-config.ts';

/**
 * tailwind-merge with its configuration trimmed to the class groups the app uses
 * (scripts/class-merge-config.mjs): the full one is three quarters of its size, and cn() is in
 * the first load. It merges the app's classes as the full one does (class-merge.test.ts).
 */
const mergeClasses = createTailwindMerge(classMergeConfig);

/** shadcn/ui convention: merge conditional class names, later Tailwind classes win. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}

/** Initials for an avatar fallback: first letters of the first two words, or "U" (docs/product.md, Header). */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'U';
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toLocaleUpperCase())
    .join('');
}
