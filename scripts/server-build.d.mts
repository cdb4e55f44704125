// Types of scripts/server-build.mjs (for its test, test/server-build.test.ts).
export declare const SERVER_DIR: string;
export declare const SERVER_ENTRY: string;
export declare function serverBuildIsStale(): boolean;
export declare function canBuildServer(): Promise<boolean>;
export declare function buildServer(): Promise<{ files: number; warnings: number }>;
