// What is sold (SPEC §1: Pro, $9.99 a month) and where the buyer returns to (SPEC §2 /settings/...).
export const PRO_PRODUCT_NAME = 'ValueProof Pro'

/** Stripe fills this placeholder of the success URL with the session's id. */
export const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}'

/**
 * Checkout's return URLs: absolute on PUBLIC_ORIGIN (Stripe needs them so), relative without one
 * (test mode, where the browser never leaves the site).
 */
export function checkoutReturnUrls(publicOrigin: string | undefined): { successUrl: string; cancelUrl: string } {
  const base = publicOrigin ? new URL(publicOrigin).origin : ''
  return {
    successUrl: `${base}/settings/success?session_id=${SESSION_ID_PLACEHOLDER}`,
    cancelUrl: `${base}/settings/canceled`,
  }
}

/** The success URL with the session's real id, as Stripe redirects to it. */
export function successUrlFor(successUrl: string, sessionId: string): string {
  return successUrl.replace(SESSION_ID_PLACEHOLDER, encodeURIComponent(sessionId))
}
