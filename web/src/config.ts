/**
 * Product facts the web app shows. The support address here is the fallback until GET /api/support
 * (server configuration, the priority address for Pro) answers.
 */
export const PRODUCT_NAME = 'ValueProof'
export const SUPPORT_EMAIL = 'support@valueproof.app'
