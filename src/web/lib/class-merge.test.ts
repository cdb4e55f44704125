import path from 'node:path';
import { createTailwindMerge, twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { sourceClassTokens } from '../../../scripts/lib/class-tokens.mjs';
import { classMergeConfig } from './class-merge-config.ts';
import { cn } from './utils.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const tokens = sourceClassTokens(root);
const trimmed = createTailwindMerge(classMergeConfig);
const REGENERATE = 'a class the trimmed configuration reads differently: run `node scripts/class-merge-config.mjs`';

describe('the trimmed class merge (cn)', () => {
  it('finds the classes the source names', () => {
    expect(tokens.length).toBeGreaterThan(500);
    expect(tokens).toEqual(expect.arrayContaining(['px-4', 'text-sm', 'bg-primary', 'rounded-md', 'hover:bg-accent']));
  });

  it('reads each of the app\'s classes as the full configuration does', () => {
    // Each class last after all the others removes exactly the earlier ones it conflicts with:
    // the same result means the same class group and the same conflicts.
    const all = tokens.join(' ');
    const differ = tokens.filter((token) => trimmed(`${all} ${token}`) !== twMerge(`${all} ${token}`) || trimmed(`${token} ${token}`) !== twMerge(`${token} ${token}`));
    expect(differ, REGENERATE).toEqual([]);
  }, 60_000);

  it('merges the app\'s classes in any order as the full configuration does', () => {
    let seed = 1;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let round = 0; round < 20; round += 1) {
      const shuffled = [...tokens].sort(() => random() - 0.5).join(' ');
      expect(trimmed(shuffled), REGENERATE).toBe(twMerge(shuffled));
    }
  });

  it('lets later classes win, keeps what it does not know', () => {
    expect(cn('px-2 py-1 bg-red-500', 'p-3 bg-primary')).toBe('p-3 bg-primary');
    expect(cn('h-9 px-4', false, 'h-12')).toBe('px-4 h-12');
    expect(cn('text-sm text-muted-foreground', 'text-lg')).toBe('text-muted-foreground text-lg');
    expect(cn('my-own-class', 'hover:underline', 'hover:no-underline')).toBe('my-own-class hover:no-underline');
  });
});
