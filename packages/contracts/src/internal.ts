/**
 * Headers between the gateway and identity (inside the cluster only; the gateway strips them).
 * The browser only ever sees the session cookie.
 */
export const SESSION_TOKEN_HEADER = 'x-session-token'
export const SESSION_EXPIRES_HEADER = 'x-session-expires'
