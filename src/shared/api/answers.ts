import { errorResponse } from '../contracts/common.ts';
import type { Answers, Endpoint } from './endpoint.ts';

/**
 * The error answers an endpoint gives by its shape alone, so the registry lists only the others:
 * - 400 `validation_failed` when it takes params, query, headers or a body (or an upload);
 * - 401 when it reads a token: without one for signed-in access, a bad one when personalised;
 * - 403 when only some accounts may call it (producer, admin);
 * - 404 when its path names a row (`:id`).
 * Kept apart from ./endpoint.ts, which the browser loads: this one imports the error schema.
 */
export function derivedErrorStatuses(endpoint: Endpoint): number[] {
  const statuses: number[] = [];
  if (endpoint.params || endpoint.query || endpoint.headers || endpoint.body || endpoint.multipart) statuses.push(400);
  if (endpoint.access !== 'anyone') statuses.push(401);
  if (endpoint.access === 'producer' || endpoint.access === 'admin') statuses.push(403);
  if (endpoint.params) statuses.push(404);
  return statuses;
}

/** Every answer of an endpoint: the derived error answers and the declared ones (which win). */
export function answersOf(endpoint: Endpoint): Answers {
  const derived = Object.fromEntries(derivedErrorStatuses(endpoint).map((status) => [status, errorResponse]));
  return { ...derived, ...endpoint.answers };
}
