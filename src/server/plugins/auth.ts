import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserType } from '#shared/constants.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import type { Tokens } from '../lib/tokens.ts';

export interface AuthUser { id: string; sessionId: string; email: string; name: string; userType: UserType }

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate` (or `app.optionalAuth`); null when signed out. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    optionalAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireProducer: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export interface AuthPluginOptions {
  tokens: Tokens;
  /** Logout and password reset end sessions at once: every request checks its session. */
  isSessionActive: (sessionId: string, userId: string) => Promise<boolean>;
}

/** The signed-in user of a request that went through `authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export default fp<AuthPluginOptions>(async function authPlugin(app: FastifyInstance, { tokens, isSessionActive }) {
  app.decorateRequest('user', null);

  async function resolve(request: FastifyRequest): Promise<AuthUser | null> {
    const header = request.headers.authorization;
    if (!header) return null;
    const match = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(header);
    if (!match?.[1]) throw unauthorized('Malformed Authorization header');
    const claims = await tokens.verifyAccess(match[1]);
    if (!claims || !(await isSessionActive(claims.sid, claims.sub))) throw unauthorized('Invalid or expired access token');
    return { id: claims.sub, sessionId: claims.sid, email: claims.email, name: claims.name, userType: claims.userType };
  }

  app.decorate('authenticate', async (request: FastifyRequest) => {
    request.user = await resolve(request);
    if (!request.user) throw unauthorized();
  });
  app.decorate('optionalAuth', async (request: FastifyRequest) => {
    request.user = await resolve(request);
  });
  app.decorate('requireProducer', async (request: FastifyRequest) => {
    request.user = await resolve(request);
    if (!request.user) throw unauthorized();
    if (request.user.userType !== 'producer') throw forbidden('Only producers can do this');
  });
}, { name: 'auth' });
