import http from 'node:http';

/**
 * The bare baseline: a plain node:http server answering, for each URL, exactly the bytes
 * (body and content-type) the app answered for it. Its req/s is the machine's ceiling for
 * "an HTTP response of this size from Node" in this run; every read figure is a ratio to it.
 */

export interface Recorded { status: number; contentType: string; body: Buffer }

export async function record(url: string, headers: Record<string, string> = {}): Promise<Recorded> {
  const res = await fetch(url, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, contentType: res.headers.get('content-type') ?? 'application/octet-stream', body };
}

export interface Baseline { url: string; port: number; close: () => Promise<void> }

/** Serves `answers` (path + query -> recorded answer); anything else is 404. */
export async function startBaseline(answers: Map<string, Recorded>): Promise<Baseline> {
  const server = http.createServer((req, res) => {
    const answer = answers.get(req.url ?? '');
    if (!answer) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not recorded');
      return;
    }
    res.writeHead(answer.status, { 'content-type': answer.contentType, 'content-length': answer.body.length });
    res.end(answer.body);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
