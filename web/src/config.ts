/** Product facts the web app shows. The support e-mail moves to server configuration later. */
export const PRODUCT_NAME = 'ValueProof'
export const SUPPORT_EMAIL = 'support@valueproof.app'
