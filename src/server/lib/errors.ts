import type { ErrorDetailsOf } from '#shared/contracts/error-details.ts';

/**
 * Every failure the API answers is an AppError: HTTP status + stable code + English
 * message (docs/architecture.md, API). The web app translates `code`.
 */
export interface ErrorDetail { field?: string; message: string; [key: string]: unknown }

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Resource') => new AppError(404, 'not_found', `${what} not found`);
export const unauthorized = (message = 'Authentication required') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this') => new AppError(403, 'forbidden', message);
export const validationFailed = (details: ErrorDetailsOf<'validation_failed'>, message = 'Validation failed') =>
  new AppError(400, 'validation_failed', message, details);
/** `details` in the shape the web app reads for `code` (src/shared/contracts/error-details.ts). */
export const conflict = <C extends string>(code: C, message: string, details?: ErrorDetailsOf<C>) => new AppError(409, code, message, details);
