// Types of scripts/web-build.mjs (for the bench, which is TypeScript).
export declare const ROOT: string;
export declare function webBuiltAt(): number;
export declare function webBuildIsStale(): boolean;
export declare function canBuildWeb(): boolean;
export declare function buildWeb(): void;
export declare function newestMtime(target: string): number;
