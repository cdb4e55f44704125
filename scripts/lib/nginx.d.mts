import type { ChildProcess, StdioOptions } from 'node:child_process';

export const DEFAULT_NGINX: string;
export function findNginx(bin?: string): string | null;
export function nginxConfig(opts: { dir: string; port: number; upstreams: number[] }): string;
export function waitForPort(port: number, timeoutMs?: number): Promise<void>;
export function startNginx(opts: { bin?: string | null; dir: string; port: number; upstreams: number[]; stdio?: StdioOptions }): Promise<{
  child: ChildProcess;
  conf: string;
  exited: Promise<number | string | null>;
}>;
