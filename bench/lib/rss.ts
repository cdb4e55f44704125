import fs from 'node:fs';

/**
 * Resident memory of the app: VmRSS of its Node process plus every process below it (the
 * embedded PostgreSQL postmaster and its backends), read from /proc. With an external
 * PostgreSQL only the app's own tree counts (the database server is not ours).
 */

function readProc(pid: number, file: string): string | null {
  try { return fs.readFileSync(`/proc/${pid}/${file}`, 'utf8'); } catch { return null; }
}

function statusKb(status: string | null, field: string): number {
  const m = status ? new RegExp(`${field}:\\s+(\\d+)\\s+kB`).exec(status) : null;
  return m ? Number(m[1]) : 0;
}

/** /proc/<pid>/stat's fields after `pid (comm)`: state, ppid, …; comm may contain spaces and parentheses. */
function statFields(pid: number): string[] | null {
  const stat = readProc(pid, 'stat');
  return stat ? stat.slice(stat.lastIndexOf(')') + 2).split(' ') : null;
}

function parentOf(pid: number): number | null {
  const fields = statFields(pid);
  return fields ? Number(fields[1]) : null;
}

/** pid and all its descendants. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const ppid = parentOf(pid);
    if (ppid === null) continue;
    const list = children.get(ppid) ?? [];
    list.push(pid);
    children.set(ppid, list);
  }
  const out: number[] = [];
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    if (readProc(pid, 'stat') === null) continue;
    out.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return out;
}

export interface RssSample {
  /** Sum of VmRSS: shared pages (PostgreSQL's shared_buffers) counted once per process. */
  totalMb: number;
  appMb: number;
  postgresMb: number;
  /** Sum of private RSS (VmRSS - RssShmem) plus the largest RssShmem once: shared buffers counted once. */
  sharedOnceMb: number;
  /** Sum of Pss (each shared page divided among the processes mapping it): the memory really used. */
  pssMb: number;
  processes: number;
}

/**
 * Sum of VmRSS. Note: PostgreSQL backends share shared_buffers, so summing RSS counts shared
 * pages once per backend that touched them: this over-states real use, never under-states it.
 */
export function sampleRss(appPid: number): RssSample {
  const pids = processTree(appPid);
  let app = 0;
  let pg = 0;
  let privateKb = 0;
  let shmemMax = 0;
  let pssKb = 0;
  for (const pid of pids) {
    const rollup = readProc(pid, 'smaps_rollup');
    const pss = rollup ? /^Pss:\s+(\d+)\s+kB/m.exec(rollup) : null;
    if (pss) pssKb += Number(pss[1]);
    const status = readProc(pid, 'status');
    const kb = statusKb(status, 'VmRSS');
    const shmem = statusKb(status, 'RssShmem');
    privateKb += kb - shmem;
    shmemMax = Math.max(shmemMax, shmem);
    if (pid === appPid) app += kb; else pg += kb;
  }
  const mb = (kb: number) => Math.round(kb / 102.4) / 10;
  return { totalMb: mb(app + pg), appMb: mb(app), postgresMb: mb(pg), sharedOnceMb: mb(privateKb + shmemMax), pssMb: mb(pssKb), processes: pids.length };
}

/** Samples every `everyMs` until stopped; returns the peak and the last sample. */
export function watchRss(appPid: number, everyMs = 500): { stop: () => { peak: RssSample; last: RssSample; samples: number } } {
  let peak = sampleRss(appPid);
  let last = peak;
  let samples = 1;
  const timer = setInterval(() => {
    last = sampleRss(appPid);
    samples += 1;
    if (last.pssMb > peak.pssMb) peak = last;
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      last = sampleRss(appPid);
      if (last.pssMb > peak.pssMb) peak = last;
      return { peak, last, samples: samples + 1 };
    },
  };
}

/** Proportional set size (shared pages divided among their users): the honest total. */
export function pssMb(appPid: number): number {
  let kb = 0;
  for (const pid of processTree(appPid)) {
    const rollup = readProc(pid, 'smaps_rollup');
    const m = rollup ? /^Pss:\s+(\d+)\s+kB/m.exec(rollup) : null;
    if (m) kb += Number(m[1]);
  }
  return Math.round(kb / 102.4) / 10;
}

export interface MemoryBreakdown {
  /** Resident kB of the app's Node process by kind of mapping. */
  kb: { anonymous: number; node: number; sharedLibraries: Record<string, number>; otherFiles: number };
  summary: string;
}

/**
 * What the app's own resident memory is made of (/proc/pid/smaps): anonymous memory (V8's
 * heap, Buffers, malloc'd native memory such as libvips' or zlib's), the node binary's
 * pages, and each shared library (sharp's libvips, argon2, the embedded PostgreSQL's client
 * libraries are not loaded: pg is JavaScript).
 */
export function memoryBreakdown(pid: number): MemoryBreakdown {
  const smaps = readProc(pid, 'smaps') ?? '';
  const kb = { anonymous: 0, node: 0, sharedLibraries: {} as Record<string, number>, otherFiles: 0 };
  let file = '';
  for (const line of smaps.split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) { file = head[1]!.trim(); continue; }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (!rss) continue;
    const n = Number(rss[1]);
    if (file === '' || file.startsWith('[')) kb.anonymous += n;
    else if (/\/node$/.test(file)) kb.node += n;
    else if (/\.so(\.|$)|\.node$/.test(file)) {
      const name = file.split('/').pop()!;
      kb.sharedLibraries[name] = (kb.sharedLibraries[name] ?? 0) + n;
    } else kb.otherFiles += n;
  }
  const mb = (n: number) => `${Math.round(n / 102.4) / 10} MB`;
  const libs = Object.entries(kb.sharedLibraries).sort((a, b) => b[1] - a[1]);
  const libTotal = libs.reduce((n, [, v]) => n + v, 0);
  const summary = `anonymous (heap, buffers, native) ${mb(kb.anonymous)}, node binary ${mb(kb.node)}, shared libraries ${mb(libTotal)}`
    + ` (${libs.slice(0, 4).map(([name, v]) => `${name} ${mb(v)}`).join(', ')}), other files ${mb(kb.otherFiles)}`;
  return { kb, summary };
}

export interface CpuTimes { appMs: number; childrenMs: number }

/** CPU time (user + system, ms) used so far by the app process and by its child processes (the embedded PostgreSQL's). */
export function cpuTimes(appPid: number): CpuTimes {
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  const used = (pid: number) => {
    const fields = statFields(pid);
    return fields ? (Number(fields[11]) + Number(fields[12])) * tick : 0; // utime, stime (fields 14 and 15)
  };
  const tree = processTree(appPid);
  return { appMs: used(appPid), childrenMs: tree.filter((p) => p !== appPid).reduce((n, p) => n + used(p), 0) };
}
