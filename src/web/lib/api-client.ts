import type { Answer, Endpoint, Input } from '#shared/api/endpoint.ts';
import { pathFor, queryString } from '#shared/api/endpoint.ts';
import type { ErrorDetail, ErrorDetailCode, ErrorDetailsOf } from '#shared/contracts/error-details.ts';
import { endpoints, type Endpoints } from '#shared/api/endpoints.ts';
import i18n from './i18n.ts';

/**
 * THE way the web app talks to the API: `api.<group>.<name>(input)`, derived from the endpoint
 * registry (src/shared/api/endpoints.ts), so the path, the method and the answer's type come
 * from the one declaration the server registers too. No feature writes a URL or a cast.
 *
 *   const { orders } = await api.orders.create({ body, headers: { 'idempotency-key': key } });
 *
 * Every call attaches the access token, refreshes it shortly before it expires and once on a
 * 401, and turns a failure into ApiError. A new endpoint in the registry is callable here at
 * once; nothing in this file changes (docs/architecture.md, "Adding an endpoint").
 */

/** An API failure: `{error, code, details?}` from the server (src/shared/contracts/common.ts), or a network failure. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The answer's details (none when it had none); typed by code with `detailsFor`. */
  readonly details: readonly ErrorDetail[];
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    details?: unknown,
  ) {
    super(message);
    // The server writes them in the shapes of src/shared/contracts/error-details.ts.
    this.details = Array.isArray(details) ? (details as ErrorDetail[]) : [];
  }

  /** The details in the shape of `code` (src/shared/contracts/error-details.ts); none when the answer has another code. */
  detailsFor<C extends ErrorDetailCode>(code: C): ErrorDetailsOf<C> {
    return (this.code === code ? this.details : []) as ErrorDetailsOf<C>;
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

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialised as JSON. */
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

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
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
 * and on a 401 refreshes once and retries once. Throws ApiError on any failure. Features call
 * `api.*` instead; this is its transport (exported for its tests).
 */
export async function requestJson(path: string, options: RequestOptions = {}): Promise<unknown> {
  const useAuth = options.auth ?? true;
  const token = await currentToken(useAuth);
  let response = await send(path, options, token);

  // Only a refused token is worth a refresh; a wrong password (auth.invalid_credentials) is not.
  if (response.status === 401 && token && bridge && (await errorCode(response)) === 'unauthorized') {
    const refreshed = await bridge.refresh();
    if (refreshed) response = await send(path, options, refreshed);
  }

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return null;
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

/**
 * A file the API answers (a PDF of labels or a packing slip), as a Blob: the same token and
 * one refresh on a 401 as requestJson; failures throw ApiError from the JSON error answer.
 */
export async function requestBlob(path: string, options: { signal?: AbortSignal } = {}): Promise<Blob> {
  const token = await currentToken(true);
  const get = (bearer: string | null) => send(path, { headers: { Accept: 'application/pdf, application/json' }, ...(options.signal ? { signal: options.signal } : {}) }, bearer);
  let response = await get(token);
  if (response.status === 401 && token && bridge && (await errorCode(response)) === 'unauthorized') {
    const refreshed = await bridge.refresh();
    if (refreshed) response = await get(refreshed);
  }
  if (!response.ok) throw await toApiError(response);
  return response.blob();
}

interface UploadBody { error?: unknown; code?: unknown; details?: unknown }

/**
 * A multipart upload with progress: fetch cannot report it, so XMLHttpRequest with the same
 * Authorization header a JSON call sends (refreshed first when about to expire).
 */
async function upload(path: string, input: UploadInput): Promise<unknown> {
  const token = await currentToken(true);
  return new Promise<unknown>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) input.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: UploadBody | null;
      try {
        body = JSON.parse(xhr.responseText) as UploadBody;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        input.onProgress?.(1);
        resolve(body);
        return;
      }
      const code = typeof body?.code === 'string' ? body.code : undefined;
      const text = typeof body?.error === 'string' ? body.error : undefined;
      reject(new ApiError(xhr.status, code ?? 'request_failed', errorMessage(code, text, xhr.statusText), body?.details));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', errorMessage('network', undefined, undefined)));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    input.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(input.form);
  });
}

/** What every JSON call takes besides the endpoint's own parts. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Send the access token (default true). Auth endpoints that must not refresh pass false. */
  auth?: boolean;
}

/** A multipart endpoint's call: the form, and progress 0..1. */
export interface UploadInput {
  form: FormData;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Extra headers are allowed on every call (the logout sends its captured token). */
type JsonInput<E extends Endpoint> = Omit<Input<E>, 'headers'> & CallOptions &
  (E['headers'] extends object ? { headers: Input<E>['headers'] & Record<string, string> } : { headers?: Record<string, string> });

type Call<E extends Endpoint> = E['multipart'] extends true
  ? (input: UploadInput) => Promise<Answer<E>>
  : object extends JsonInput<E>
    ? (input?: JsonInput<E>) => Promise<Answer<E>>
    : (input: JsonInput<E>) => Promise<Answer<E>>;

export type ApiClient<G extends Record<string, Record<string, Endpoint>>> = {
  [Group in keyof G]: { [Name in keyof G[Group]]: Call<G[Group][Name]> };
};

interface AnyInput extends CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
  body?: unknown;
}

function caller(endpoint: Endpoint): (input?: AnyInput | UploadInput) => Promise<unknown> {
  if (endpoint.multipart) return (input) => upload(pathFor(endpoint.path, undefined), input as UploadInput);
  return (input) => {
    const { params, query, headers, body, signal, auth } = (input ?? {}) as AnyInput;
    return requestJson(pathFor(endpoint.path, params) + queryString(query), {
      method: endpoint.method,
      ...(body !== undefined ? { body } : {}),
      ...(headers ? { headers } : {}),
      ...(signal ? { signal } : {}),
      ...(auth !== undefined ? { auth } : {}),
    });
  };
}

/** A client for a registry: one function per endpoint, grouped as the registry is. */
export function createApiClient<G extends Record<string, Record<string, Endpoint>>>(groups: G): ApiClient<G> {
  return Object.fromEntries(Object.entries(groups).map(([group, members]) => [
    group,
    Object.fromEntries(Object.entries(members).map(([name, endpoint]) => [name, caller(endpoint)])),
  ])) as ApiClient<G>;
}

/** The API of this app, typed end to end by the registry. */
export const api: ApiClient<Endpoints> = createApiClient(endpoints);
