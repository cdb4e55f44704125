import i18n from './i18n.ts';

/** An API failure: `{error, code, details?}` from the server (DESIGN.md section 5), or a network failure. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * How the client reaches the session without importing the auth feature (lib sits below
 * features). The AuthProvider registers itself with `setAuthBridge`.
 */
export interface AuthBridge {
  getAccessToken(): string | null;
  /** Epoch ms when the access token stops working, if known. */
  getAccessTokenExpiresAt(): number | null;
  /** Gets new tokens (once, shared by concurrent callers); null when the session is over. */
  refresh(): Promise<string | null>;
}

let bridge: AuthBridge | null = null;

export function setAuthBridge(next: AuthBridge): () => void {
  bridge = next;
  return () => {
    if (bridge === next) bridge = null;
  };
}

/** How requests reach the server: the browser's fetch, or the server renderer's own (entry-server.tsx). */
type Transport = (path: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (path, init) => fetch(path, init);

/** The server renderer answers the app's GETs in-process; the browser never calls this. */
export function setApiTransport(next: Transport): void {
  transport = next;
}

/** Refresh this long before the access token expires, so requests do not race the expiry. */
export const REFRESH_MARGIN_MS = 30_000;

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialised as JSON; FormData is sent as is (uploads). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send the access token (default true). Auth endpoints that must not refresh pass false. */
  auth?: boolean;
}

interface ErrorBody {
  error?: unknown;
  code?: unknown;
  details?: unknown;
}

/** Message for a failure: translated `errors:<code>`, else the server's text, else status text, else 'Request failed'. */
export function errorMessage(code: string | undefined, serverText: string | undefined, statusText: string | undefined): string {
  if (code && i18n.exists(`errors:${code}`)) return i18n.t(`errors:${code}`);
  if (serverText) return serverText;
  if (statusText) return statusText;
  return i18n.exists('errors:request_failed') ? i18n.t('errors:request_failed') : 'Request failed';
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: ErrorBody = {};
  try {
    const parsed: unknown = await response.json();
    if (parsed && typeof parsed === 'object') body = parsed as ErrorBody;
  } catch {
    // not JSON (a proxy error page, an empty body): fall back to the status text
  }
  const code = typeof body.code === 'string' ? body.code : 'request_failed';
  const serverText = typeof body.error === 'string' ? body.error : undefined;
  const message = errorMessage(typeof body.code === 'string' ? body.code : undefined, serverText, response.statusText);
  return new ApiError(response.status, code, message, body.details);
}

async function send(path: string, options: ApiFetchOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    // Only with a body: Fastify rejects an empty body declared as JSON.
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await transport(path, { method: options.method ?? 'GET', headers, body, signal: options.signal ?? null });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network', errorMessage('network', undefined, undefined));
  }
}

async function currentToken(useAuth: boolean): Promise<string | null> {
  if (!useAuth || !bridge) return null;
  const token = bridge.getAccessToken();
  if (!token) return null;
  const expiresAt = bridge.getAccessTokenExpiresAt();
  if (expiresAt !== null && expiresAt - Date.now() < REFRESH_MARGIN_MS) {
    return bridge.refresh();
  }
  return token;
}

async function errorCode(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.clone().json()) as { code?: unknown };
    return typeof body.code === 'string' ? body.code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * JSON request to the API. Attaches the access token, refreshes it shortly before it expires,
 * and on a 401 refreshes once and retries once. Throws ApiError on any failure.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const useAuth = options.auth ?? true;
  const token = await currentToken(useAuth);
  let response = await send(path, options, token);

  // Only a refused token is worth a refresh; a wrong password (auth.invalid_credentials) is not.
  if (response.status === 401 && token && bridge && (await errorCode(response)) === 'unauthorized') {
    const refreshed = await bridge.refresh();
    if (refreshed) response = await send(path, options, refreshed);
  }

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The Authorization header for the one request apiFetch cannot make: an upload with progress
 * (XMLHttpRequest). Refreshes the token first when it is about to expire.
 */
export async function authorizationHeader(): Promise<Record<string, string>> {
  const token = await currentToken(true);
  return token ? { Authorization: `Bearer ${token}` } : {};
}
