import { api } from '#web/lib/api-client.ts';

/**
 * Ends the session on the server. Sent with the tokens captured before the local session is
 * cleared, and without the automatic refresh, so logging out never starts a refresh.
 */
export async function logout(accessToken: string, refreshToken: string): Promise<void> {
  await api.auth.logout({
    body: { refreshToken },
    headers: { Authorization: `Bearer ${accessToken}` },
    auth: false,
  });
}
