import {
  AGREEMENT_BODY_LIMIT_BYTES,
  AGREEMENT_TOO_LARGE_MESSAGE,
  CONVERSION_BODY_LIMIT_BYTES,
  CONVERSION_TOO_LARGE_MESSAGE,
  DOCUMENT_TOO_LARGE_MESSAGE,
  DEMO_INTERACTION_BODY_LIMIT_BYTES,
  DEMO_INTERACTION_TOO_LARGE_MESSAGE,
  ENGAGEMENT_BODY_LIMIT_BYTES,
  ENGAGEMENT_TOO_LARGE_MESSAGE,
  PROPOSAL_BODY_LIMIT_BYTES,
  PROPOSAL_DRAFT_BODY_LIMIT_BYTES,
  PROPOSAL_IMAGE_MAX_BYTES,
  PROPOSAL_IMAGE_TOO_LARGE_MESSAGE,
  PROPOSAL_TOO_LARGE_MESSAGE,
  VIEW_BEACON_BODY_LIMIT_BYTES,
  VIEW_BEACON_TOO_LARGE_MESSAGE,
} from '@valueproof/contracts'

/** Which service owns each SPEC §7 path. The gateway keeps these paths exactly. */
export type ServiceName = 'identity' | 'calculator' | 'proposal' | 'billing' | 'analytics' | 'notification'

/**
 * none: anyone; session: signed-in only (401 otherwise); token: passes the session token if any
 * (logout); optional: anyone, with the user id when the session is valid (a shared proposal).
 */
export type Access = 'none' | 'session' | 'token' | 'optional'

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Public path (Koa router syntax). */
  path: string
  service: ServiceName
  /** Path at the service; `:params` are filled from the public path. */
  to: string
  access: Access
  /** Largest body accepted, bytes. */
  bodyLimit: number
  tooLargeMessage: string
  /** Answers carry a new session (login, register): the gateway turns it into the cookie. */
  opensSession?: boolean
  /** The answer ends the session (logout): the gateway clears the cookie. */
  closesSession?: boolean
  /** Passes the anonymous visitor id (the visitor cookie, set when absent), for view counts. */
  identifiesVisitor?: boolean
  /** Generation or writing (a document parsed, a model asked): answered within GENERATION_TIMEOUT_MS, not SERVICE_TIMEOUT_MS. */
  slow?: boolean
  /** Client headers this route alone passes on beyond the usual few (the payment provider's webhook signature). */
  passHeaders?: readonly string[]
  /**
   * Accepted from another site, with no Origin: what it changes is named by a signed token in the
   * address, not by the visitor's cookies, so a forged request can do nothing the link itself does not.
   */
  crossSiteAllowed?: boolean
}

const KB = 1024
const JSON_LIMIT = 100 * KB
const JSON_TOO_LARGE = 'Request body is too large (limit 100 KB)'
// Multipart framing around the 2 MB logo; identity enforces the file's own limit exactly.
const LOGO_LIMIT = 2 * 1024 * KB + 64 * KB
// SPEC §5/§9: documents up to 50 MB, plus the multipart framing and the three small fields.
const DOCUMENT_LIMIT = 50 * 1024 * KB + 64 * KB
const DOCUMENT_TOO_LARGE = 'File is too large. Maximum size is 50MB.'
// A description of up to 50,000 characters, even in multi-byte letters.
const DESCRIPTION_LIMIT = 256 * KB
const DESCRIPTION_TOO_LARGE = 'Request body is too large (limit 256 KB): shorten the description or upload the document instead'
// An edited calculator definition with the seller's values.
const CALCULATOR_LIMIT = 256 * KB
const CALCULATOR_TOO_LARGE = 'Request body is too large (limit 256 KB): the calculator must fit in 256 KB'
// A calculator with its content, or with the document text a proposal is written from (docs/decisions/120).
const PROPOSAL_LIMIT = PROPOSAL_BODY_LIMIT_BYTES
const PROPOSAL_TOO_LARGE = PROPOSAL_TOO_LARGE_MESSAGE
// Stripe's event payloads are a few KB; the largest (an invoice with many lines) stays far below this.
const WEBHOOK_LIMIT = 512 * KB
const WEBHOOK_TOO_LARGE = 'Webhook payload is too large (limit 512 KB)'

/** The browser's privacy signals, passed to the services that count: Do Not Track and Global Privacy Control. */
const PRIVACY_HEADERS = ['dnt', 'sec-gpc'] as const

/** A signed-in JSON call: GET with no body, anything else with the ordinary JSON limit. */
function signedInJson(method: ApiRoute['method'], path: string, service: ServiceName, to: string): ApiRoute {
  const bodyLimit = method === 'GET' ? 0 : JSON_LIMIT
  return { method, path, service, to, access: 'session', bodyLimit, tooLargeMessage: JSON_TOO_LARGE }
}

export const apiRoutes: ApiRoute[] = [
  {
    method: 'POST',
    path: '/api/register',
    service: 'identity',
    to: '/register',
    access: 'none',
    bodyLimit: JSON_LIMIT,
    tooLargeMessage: JSON_TOO_LARGE,
    opensSession: true,
  },
  {
    method: 'POST',
    path: '/api/login',
    service: 'identity',
    to: '/login',
    access: 'none',
    bodyLimit: JSON_LIMIT,
    tooLargeMessage: JSON_TOO_LARGE,
    opensSession: true,
  },
  {
    method: 'POST',
    path: '/api/logout',
    service: 'identity',
    to: '/logout',
    access: 'token',
    bodyLimit: JSON_LIMIT,
    tooLargeMessage: JSON_TOO_LARGE,
    closesSession: true,
  },
  signedInJson('GET', '/api/user', 'identity', '/user'),
  // The web app's session (issue 36): the user or null, 200 either way, so a visitor's page logs no 401.
  {
    method: 'GET',
    path: '/api/session',
    service: 'identity',
    to: '/session',
    access: 'optional',
    bodyLimit: 0,
    tooLargeMessage: JSON_TOO_LARGE,
  },
  signedInJson('PATCH', '/api/profile', 'identity', '/profile'),
  // The seller's address for notifications and the language of their e-mails (issue 39). The
  // confirmation link is public (opened from a mail app, often signed out) and answers identity's 303.
  signedInJson('PUT', '/api/user/email', 'identity', '/user/email'),
  signedInJson('POST', '/api/user/email/resend', 'identity', '/user/email/resend'),
  signedInJson('DELETE', '/api/user/email', 'identity', '/user/email'),
  {
    method: 'GET',
    path: '/api/user/email/verify',
    service: 'identity',
    to: '/user/email/verify',
    access: 'none',
    bodyLimit: 0,
    tooLargeMessage: JSON_TOO_LARGE,
  },
  signedInJson('PUT', '/api/user/language', 'identity', '/user/language'),
  {
    method: 'POST',
    path: '/api/upload-logo',
    service: 'identity',
    to: '/upload-logo',
    access: 'session',
    bodyLimit: LOGO_LIMIT,
    tooLargeMessage: 'Logo must be at most 2 MB',
  },
  {
    method: 'POST',
    path: '/api/calculator/analyze-document',
    service: 'calculator',
    to: '/analyze-document',
    access: 'session',
    slow: true,
    bodyLimit: DOCUMENT_LIMIT,
    tooLargeMessage: DOCUMENT_TOO_LARGE,
  },
  {
    method: 'POST',
    path: '/api/calculator/analyze-document-for-value',
    service: 'calculator',
    to: '/analyze-document-for-value',
    access: 'session',
    slow: true,
    bodyLimit: DOCUMENT_LIMIT,
    tooLargeMessage: DOCUMENT_TOO_LARGE,
  },
  {
    method: 'POST',
    path: '/api/calculator/analyze-text',
    service: 'calculator',
    to: '/analyze-text',
    access: 'session',
    slow: true,
    bodyLimit: DESCRIPTION_LIMIT,
    tooLargeMessage: DESCRIPTION_TOO_LARGE,
  },
  {
    method: 'POST',
    path: '/api/calculator/generate-value',
    service: 'calculator',
    to: '/generate-value',
    access: 'session',
    slow: true,
    bodyLimit: DESCRIPTION_LIMIT,
    tooLargeMessage: DESCRIPTION_TOO_LARGE,
  },
  // The calculators kept per account (docs/decisions/103).
  signedInJson('GET', '/api/calculators', 'calculator', '/calculators'),
  signedInJson('GET', '/api/calculators/:id/input', 'calculator', '/calculators/:id/input'),
  {
    method: 'PATCH',
    path: '/api/calculators/:id',
    service: 'calculator',
    to: '/calculators/:id',
    access: 'session',
    bodyLimit: CALCULATOR_LIMIT,
    tooLargeMessage: CALCULATOR_TOO_LARGE,
  },
  // No body is read; a client's empty JSON object is no error.
  signedInJson('DELETE', '/api/calculators/:id', 'calculator', '/calculators/:id'),
  {
    method: 'POST',
    path: '/api/calculators/:id/regenerate',
    service: 'calculator',
    to: '/calculators/:id/regenerate',
    access: 'session',
    slow: true,
    bodyLimit: JSON_LIMIT,
    tooLargeMessage: JSON_TOO_LARGE,
  },
  signedInJson('GET', '/api/proposals', 'proposal', '/proposals'),
  {
    method: 'POST',
    path: '/api/proposals',
    service: 'proposal',
    to: '/proposals',
    access: 'session',
    bodyLimit: PROPOSAL_LIMIT,
    tooLargeMessage: PROPOSAL_TOO_LARGE,
  },
  {
    method: 'POST',
    path: '/api/proposals/generate',
    service: 'proposal',
    to: '/proposals/generate',
    access: 'session',
    slow: true,
    bodyLimit: PROPOSAL_LIMIT,
    tooLargeMessage: PROPOSAL_TOO_LARGE,
  },
  {
    method: 'GET',
    path: '/api/proposals/:id',
    service: 'proposal',
    to: '/proposals/:id',
    access: 'optional',
    identifiesVisitor: true,
    bodyLimit: 0,
    tooLargeMessage: JSON_TOO_LARGE,
  },
  // The proposal as a PDF (issue 20): the same access as the page. Its share link comes from configuration, never the Host (issue 34).
  {
    method: 'GET',
    path: '/api/proposals/:id/pdf',
    service: 'proposal',
    to: '/proposals/:id/pdf',
    access: 'optional',
    identifiesVisitor: true,
    bodyLimit: 0,
    tooLargeMessage: JSON_TOO_LARGE,
  },
  // The proposal page's first beacon (issue 19): records the view the GET no longer writes. Sent
  // with navigator.sendBeacon (text/plain JSON); Do Not Track and Global Privacy Control pass on.
  {
    method: 'POST',
    path: '/api/proposals/:id/views',
    service: 'proposal',
    to: '/proposals/:id/views',
    access: 'optional',
    identifiesVisitor: true,
    bodyLimit: VIEW_BEACON_BODY_LIMIT_BYTES,
    tooLargeMessage: VIEW_BEACON_TOO_LARGE_MESSAGE,
    passHeaders: PRIVACY_HEADERS,
  },
  // The prospect's agreement to the figures (issue 20): opened as the GET opens it (?code=), so
  // anyone with the link, signed in or not; the owner's own is refused by the service.
  {
    method: 'POST',
    path: '/api/proposals/:id/agreement',
    service: 'proposal',
    to: '/proposals/:id/agreement',
    access: 'optional',
    identifiesVisitor: true,
    bodyLimit: AGREEMENT_BODY_LIMIT_BYTES,
    tooLargeMessage: AGREEMENT_TOO_LARGE_MESSAGE,
  },
  // Who may agree, and the release of an unexpected agreement (issue 34): the owner's; 404 for anyone else.
  signedInJson('PATCH', '/api/proposals/:id/agreement-rule', 'proposal', '/proposals/:id/agreement-rule'),
  signedInJson('POST', '/api/proposals/:id/agreement/release', 'proposal', '/proposals/:id/agreement/release'),
  // The owner's management of a proposal (issue 15); the service answers 404 for anyone else's.
  signedInJson('PATCH', '/api/proposals/:id', 'proposal', '/proposals/:id'),
  // No body is read by these three; a client's empty JSON object is no error.
  signedInJson('DELETE', '/api/proposals/:id', 'proposal', '/proposals/:id'),
  signedInJson('POST', '/api/proposals/:id/revoke', 'proposal', '/proposals/:id/revoke'),
  signedInJson('POST', '/api/proposals/:id/duplicate', 'proposal', '/proposals/:id/duplicate'),
  // An agreed proposal is changed by making its next version (issue 20); a retry names itself by Idempotency-Key (issue 34).
  { ...signedInJson('POST', '/api/proposals/:id/versions', 'proposal', '/proposals/:id/versions'), passHeaders: ['idempotency-key'] },
  // The seller's document (issue 37): the draft the editor autosaves (the service answers 409 to a
  // stale revision), publishing it, the publications to view and restore. The owner's only.
  signedInJson('GET', '/api/proposals/:id/draft', 'proposal', '/proposals/:id/draft'),
  {
    method: 'PUT',
    path: '/api/proposals/:id/draft',
    service: 'proposal',
    to: '/proposals/:id/draft',
    access: 'session',
    bodyLimit: PROPOSAL_DRAFT_BODY_LIMIT_BYTES,
    tooLargeMessage: DOCUMENT_TOO_LARGE_MESSAGE,
  },
  signedInJson('POST', '/api/proposals/:id/publish', 'proposal', '/proposals/:id/publish'),
  signedInJson('GET', '/api/proposals/:id/publications/:number', 'proposal', '/proposals/:id/publications/:number'),
  signedInJson('POST', '/api/proposals/:id/publications/:number/restore', 'proposal', '/proposals/:id/publications/:number/restore'),
  // An image for the document: the raw file as the body (its Content-Type says which kind), as the
  // logo upload passes its body on; the service checks the kind and the exact size.
  {
    method: 'POST',
    path: '/api/proposals/:id/images',
    service: 'proposal',
    to: '/proposals/:id/images',
    access: 'session',
    bodyLimit: PROPOSAL_IMAGE_MAX_BYTES,
    tooLargeMessage: PROPOSAL_IMAGE_TOO_LARGE_MESSAGE,
  },
  // The document's images open for whoever may open the proposal (?code= as the page has it).
  {
    method: 'GET',
    path: '/api/proposals/:id/images/:imageId',
    service: 'proposal',
    to: '/proposals/:id/images/:imageId',
    access: 'optional',
    identifiesVisitor: true,
    bodyLimit: 0,
    tooLargeMessage: JSON_TOO_LARGE,
  },
  // One section written again by the configured writer (a model may be asked): the owner's.
  {
    ...signedInJson('POST', '/api/proposals/:id/sections/:blockId/rewrite', 'proposal', '/proposals/:id/sections/:blockId/rewrite'),
    slow: true,
  },
  // Plans and billing (issue 16; docs/decisions/105). The three SPEC §7 calls, the plan as /settings shows it,
  // the payment provider's webhook, and the built-in test-mode checkout (answers 404 when Stripe is configured).
  signedInJson('POST', '/api/subscription/create', 'billing', '/subscription/create'),
  signedInJson('POST', '/api/subscription/upgrade-manual', 'billing', '/subscription/upgrade-manual'),
  signedInJson('POST', '/api/subscription/cancel', 'billing', '/subscription/cancel'),
  signedInJson('GET', '/api/subscription', 'billing', '/subscription'),
  {
    method: 'POST',
    path: '/api/billing/webhook',
    service: 'billing',
    to: '/webhook',
    access: 'none',
    bodyLimit: WEBHOOK_LIMIT,
    tooLargeMessage: WEBHOOK_TOO_LARGE,
    passHeaders: ['stripe-signature'],
  },
  signedInJson('GET', '/api/billing/test-checkout/:id', 'billing', '/test-checkout/:id'),
  signedInJson('POST', '/api/billing/test-checkout/:id/pay', 'billing', '/test-checkout/:id/pay'),
  signedInJson('POST', '/api/billing/test-checkout/:id/cancel', 'billing', '/test-checkout/:id/cancel'),
  signedInJson('POST', '/api/billing/test-mode/end-period', 'billing', '/test-mode/end-period'),
  // Where 'Contact Support' goes: the priority address for Pro (issue 16).
  {
    method: 'GET',
    path: '/api/support',
    service: 'billing',
    to: '/support',
    access: 'optional',
    bodyLimit: 0,
    tooLargeMessage: JSON_TOO_LARGE,
  },
  // Calculator templates: Pro (issue 16). The built-in set and the user's own.
  signedInJson('GET', '/api/calculator-templates', 'calculator', '/calculator-templates'),
  {
    method: 'POST',
    path: '/api/calculator-templates',
    service: 'calculator',
    to: '/calculator-templates',
    access: 'session',
    bodyLimit: CALCULATOR_LIMIT,
    tooLargeMessage: CALCULATOR_TOO_LARGE,
  },
  signedInJson('DELETE', '/api/calculator-templates/:id', 'calculator', '/calculator-templates/:id'),
  signedInJson('POST', '/api/calculator-templates/:id/use', 'calculator', '/calculator-templates/:id/use'),
  // The landing page's first demo slider change (SPEC §7, issue 18): no session; analytics limits it
  // per client address and counts it, and reads nothing from the body.
  {
    method: 'POST',
    path: '/api/track/demo-interaction',
    service: 'analytics',
    to: '/track/demo-interaction',
    access: 'none',
    bodyLimit: DEMO_INTERACTION_BODY_LIMIT_BYTES,
    tooLargeMessage: DEMO_INTERACTION_TOO_LARGE_MESSAGE,
  },
  // The proposal page's engagement beacons and SPEC §1's conversion events (issue 19): no session
  // needed, counted only. The dashboard's reads are the signed-in owner's; the product owner's
  // daily view answers only to the operator token (Authorization: Bearer), 404 when none is set.
  {
    method: 'POST',
    path: '/api/track/engagement',
    service: 'analytics',
    to: '/track/engagement',
    access: 'optional',
    identifiesVisitor: true,
    bodyLimit: ENGAGEMENT_BODY_LIMIT_BYTES,
    tooLargeMessage: ENGAGEMENT_TOO_LARGE_MESSAGE,
    passHeaders: PRIVACY_HEADERS,
  },
  {
    method: 'POST',
    path: '/api/track/conversion',
    service: 'analytics',
    to: '/track/conversion',
    access: 'none',
    bodyLimit: CONVERSION_BODY_LIMIT_BYTES,
    tooLargeMessage: CONVERSION_TOO_LARGE_MESSAGE,
    passHeaders: PRIVACY_HEADERS,
  },
  // The seller's signed webhooks (issue 39): endpoints, their deliveries, a resend.
  signedInJson('GET', '/api/notifications/webhooks', 'notification', '/notifications/webhooks'),
  signedInJson('POST', '/api/notifications/webhooks', 'notification', '/notifications/webhooks'),
  signedInJson('DELETE', '/api/notifications/webhooks/:id', 'notification', '/notifications/webhooks/:id'),
  signedInJson('GET', '/api/notifications/webhooks/:id/deliveries', 'notification', '/notifications/webhooks/:id/deliveries'),
  signedInJson(
    'POST',
    '/api/notifications/webhooks/:id/deliveries/:deliveryId/resend',
    'notification',
    '/notifications/webhooks/:id/deliveries/:deliveryId/resend',
  ),
  // A Pro seller's HubSpot (issue 39): the connection, the deal search, a proposal's deal.
  signedInJson('GET', '/api/notifications/hubspot', 'notification', '/notifications/hubspot'),
  signedInJson('PUT', '/api/notifications/hubspot', 'notification', '/notifications/hubspot'),
  signedInJson('DELETE', '/api/notifications/hubspot', 'notification', '/notifications/hubspot'),
  signedInJson('GET', '/api/notifications/hubspot/deals', 'notification', '/notifications/hubspot/deals'),
  signedInJson('GET', '/api/notifications/hubspot/links/:proposalId', 'notification', '/notifications/hubspot/links/:proposalId'),
  signedInJson('PUT', '/api/notifications/hubspot/links/:proposalId', 'notification', '/notifications/hubspot/links/:proposalId'),
  signedInJson('DELETE', '/api/notifications/hubspot/links/:proposalId', 'notification', '/notifications/hubspot/links/:proposalId'),
  signedInJson('GET', '/api/analytics/overview', 'analytics', '/analytics/overview'),
  signedInJson('GET', '/api/analytics/proposals/:id', 'analytics', '/analytics/proposals/:id'),
  {
    method: 'GET',
    path: '/api/analytics/operator',
    service: 'analytics',
    to: '/analytics/operator',
    access: 'none',
    bodyLimit: 0,
    tooLargeMessage: JSON_TOO_LARGE,
    passHeaders: ['authorization'],
  },
  // The e-mails the notification service gave up: the operator's token only (404 without one).
  {
    method: 'GET',
    path: '/api/notifications/dead-letters',
    service: 'notification',
    to: '/notifications/dead-letters',
    access: 'none',
    bodyLimit: 0,
    tooLargeMessage: JSON_TOO_LARGE,
    passHeaders: ['authorization'],
  },
  // The seller's e-mail notifications (issue 39, decision 137): which kinds they get, the e-mails'
  // unsubscribe link (the signed token is the authority: no session), and the development mailbox
  // of `npm start` (the service answers 404 unless DEV_MAILBOX_PAGE is on).
  signedInJson('GET', '/api/notifications/settings', 'notification', '/notifications/settings'),
  signedInJson('PUT', '/api/notifications/settings', 'notification', '/notifications/settings'),
  {
    method: 'GET',
    path: '/api/notifications/unsubscribe',
    service: 'notification',
    to: '/notifications/unsubscribe',
    access: 'none',
    bodyLimit: 0,
    tooLargeMessage: JSON_TOO_LARGE,
  },
  // A mail client's one-click unsubscribe (RFC 8058) is a cross-site POST without an Origin whose
  // form body is `List-Unsubscribe=One-Click`: the same-origin check must let it through.
  {
    method: 'POST',
    path: '/api/notifications/unsubscribe',
    service: 'notification',
    to: '/notifications/unsubscribe',
    access: 'none',
    bodyLimit: KB,
    tooLargeMessage: 'Request body is too large (limit 1 KB)',
    crossSiteAllowed: true,
  },
  {
    method: 'GET',
    path: '/api/dev/mailbox',
    service: 'notification',
    to: '/dev/mailbox',
    access: 'none',
    bodyLimit: 0,
    tooLargeMessage: JSON_TOO_LARGE,
  },
  {
    method: 'GET',
    path: '/api/logos/:file',
    service: 'identity',
    to: '/logos/:file',
    access: 'none',
    bodyLimit: 0,
    tooLargeMessage: JSON_TOO_LARGE,
  },
  // Logos stored before issue 13 (their key began with the owner's id).
  {
    method: 'GET',
    path: '/api/logos/:userId/:file',
    service: 'identity',
    to: '/logos/:userId/:file',
    access: 'none',
    bodyLimit: 0,
    tooLargeMessage: JSON_TOO_LARGE,
  },
]
