// The seeded server in production mode on a free port with a throwaway DATA_DIR (the embedded
// PostgreSQL and the demo data), for the page-speed scripts (lighthouse.mjs, blocking-time.mjs).
// start.mjs rebuilds the web app first when its sources are newer, unless `skipBuild`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, child, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the server exited (code ${child.exitCode})`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`timed out waiting for ${url}`);
}

/** Starts the server; resolves to its base URL and a stop function (which also removes its data). */
export async function startSeededServer({ skipBuild = false, port } = {}) {
  const chosen = port ?? await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'domace-page-speed-'));
  fs.chmodSync(dataDir, 0o755);
  const env = {
    ...process.env,
    PORT: String(chosen),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    SKIP_WEB_BUILD: skipBuild ? 'true' : 'false',
  };
  delete env.DATABASE_URL; // always the embedded database in the temp DATA_DIR
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const base = `http://127.0.0.1:${chosen}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 20_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/api/health`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}
