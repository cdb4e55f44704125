/** Answer of POST /api/auth/login and /api/auth/refresh (DESIGN.md section 5). */
export interface AuthTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
}
