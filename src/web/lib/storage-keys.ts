/**
 * The localStorage keys of what the browser keeps for the visitor. Apart from the modules that
 * use them so that boot.ts can tell, without loading the app, whether a session is stored
 * (lib/early-start.ts, markSignedOut).
 */
export const SESSION_STORAGE_KEYS = {
  user: 'domace.user',
  idToken: 'domace.idToken',
  accessToken: 'domace.accessToken',
  refreshToken: 'domace.refreshToken',
} as const;

export const BASKET_STORAGE_KEY = 'domace.basket';
