import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * wrk (Debian's /usr/bin/wrk) at 50 connections, 2 threads, 10 s, --latency. A generated
 * Lua script cycles through the given requests and prints, from `done`, one JSON line with
 * requests, duration, errors and the latency percentiles (p50/p90/p95/p99/max).
 */

export const WRK = process.env.WRK ?? '/usr/bin/wrk';

export interface WrkRequest { method?: string; path: string; headers?: Record<string, string>; body?: string }

export interface WrkOptions {
  /** http://127.0.0.1:port */
  url: string;
  requests: WrkRequest[];
  connections?: number;
  threads?: number;
  durationSec?: number;
  /** Adds a unique Idempotency-Key header to every request (checkout). */
  idempotencyKeys?: boolean;
  /** Counts answers whose status is not this one (e.g. 201 for checkout). */
  expectStatus?: number;
  timeoutSec?: number;
}

export interface WrkResult {
  requests: number;
  durationSec: number;
  rps: number;
  p50Ms: number;
  p90Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
  errors: { connect: number; read: number; write: number; status: number; timeout: number };
  /** Answers other than expectStatus (only when expectStatus was given). */
  unexpected: number | null;
  /** Status code -> count of unexpected answers. */
  unexpectedStatuses: Record<string, number>;
  /** wrk's own "Requests/sec:" line (cross-check of `rps`). */
  wrkRps: number | null;
  connections: number;
  threads: number;
}

const lua = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

function script(opts: WrkOptions): string {
  const reqs = opts.requests.map((r) => {
    const headers = Object.entries(r.headers ?? {}).map(([k, v]) => `[${lua(k)}]=${lua(v)}`).join(',');
    return `{method=${lua(r.method ?? 'GET')}, path=${lua(r.path)}, headers={${headers}}, body=${r.body === undefined ? 'nil' : lua(r.body)}}`;
  });
  const runId = `${Date.now().toString(36)}-${process.pid}`;
  return `
local reqs = {${reqs.join(',\n')}}
local threads = {}
local counter = 1
setup = function(thread)
  thread:set("tid", #threads + 1)
  table.insert(threads, thread)
end
init = function(args)
  -- Each thread starts at its own place in the list (buyers are split across threads).
  counter = ((tid or 1) - 1) * math.floor(#reqs / ${opts.threads ?? 2}) + 1
  sent = 0
  unexpected = 0
  statuses = {}
end
request = function()
  local r = reqs[((counter - 1) % #reqs) + 1]
  counter = counter + 1
  sent = sent + 1
  ${opts.idempotencyKeys ? `r.headers["Idempotency-Key"] = "${runId}-" .. tid .. "-" .. sent` : ''}
  return wrk.format(r.method, r.path, r.headers, r.body)
end
${opts.expectStatus ? `
response = function(status, headers, body)
  if status ~= ${opts.expectStatus} then
    unexpected = unexpected + 1
    local code = body and string.match(body, '"code":"([^"]+)"') or ""
    local k = tostring(status) .. " " .. code
    statuses[k] = (statuses[k] or 0) + 1
  end
end` : ''}
done = function(summary, latency, requests)
  local unexpectedTotal = 0
  local st = {}
  for _, t in ipairs(threads) do
    unexpectedTotal = unexpectedTotal + (t:get("unexpected") or 0)
    local s = t:get("statuses")
    if s then for k, v in pairs(s) do st[#st + 1] = string.format('"%s":%d', tostring(k), v) end end
  end
  io.write(string.format('WRKJSON {"requests":%d,"duration_us":%d,"p50":%d,"p90":%d,"p95":%d,"p99":%d,"max":%d,"mean":%f,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"unexpected":%d,"statuses":{%s}}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90), latency:percentile(95), latency:percentile(99), latency.max, latency.mean,
    summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.status, summary.errors.timeout, unexpectedTotal, table.concat(st, ",")))
end
`;
}

export async function runWrk(opts: WrkOptions): Promise<WrkResult> {
  const connections = opts.connections ?? 50;
  const threads = opts.threads ?? 2;
  const duration = opts.durationSec ?? 10;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'domace-wrk-')), 'script.lua');
  fs.writeFileSync(file, script({ ...opts, threads }));
  try {
    const args = ['-t', String(threads), '-c', String(connections), '-d', `${duration}s`, '--latency', '--timeout', `${opts.timeoutSec ?? 5}s`, '-s', file, opts.url];
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(WRK, args, { maxBuffer: 16 * 1024 * 1024, timeout: (duration + 30) * 1000 }, (err, out, errOut) => {
        if (err) reject(new Error(`wrk failed: ${err.message}\n${errOut}`));
        else resolve(out);
      });
    });
    const result = parseWrk(stdout, connections, threads);
    if (!opts.expectStatus) result.unexpected = null;
    return result;
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

export function parseWrk(stdout: string, connections = 50, threads = 2): WrkResult {
  const line = stdout.split('\n').find((l) => l.startsWith('WRKJSON '));
  if (!line) throw new Error(`wrk printed no summary:\n${stdout}`);
  const j = JSON.parse(line.slice('WRKJSON '.length)) as Record<string, number> & { statuses: Record<string, number> };
  const durationSec = j.duration_us! / 1e6;
  const rpsLine = /Requests\/sec:\s+([\d.]+)/.exec(stdout);
  const ms = (us: number | undefined) => Math.round((us ?? 0) / 10) / 100;
  return {
    requests: j.requests!,
    durationSec,
    rps: Math.round((j.requests! / durationSec) * 10) / 10,
    p50Ms: ms(j.p50), p90Ms: ms(j.p90), p95Ms: ms(j.p95), p99Ms: ms(j.p99), maxMs: ms(j.max), meanMs: ms(j.mean),
    errors: { connect: j.connect!, read: j.read!, write: j.write!, status: j.status!, timeout: j.timeout! },
    unexpected: j.unexpected ?? null,
    unexpectedStatuses: j.statuses ?? {},
    wrkRps: rpsLine ? Number(rpsLine[1]) : null,
    connections,
    threads,
  };
}
