// Types of scripts/lib/class-tokens.mjs (for src/web/lib/class-merge.test.ts).
export declare function sourceClassTokens(root: string): string[];
