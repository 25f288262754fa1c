// A Pro seller's HubSpot (issue 39): the connection made with a private app's access token, the deals
// a proposal can be linked to, and the links. Every prospect move on a linked proposal becomes a note
// on its deal. The token goes in once and never comes back.
import { z } from 'zod'
import { PROPOSAL_ID_PATTERN } from './proposal.ts'

/** A Free seller's 403 on every /api/notifications/hubspot… call carries this code beside its message. */
export const HUBSPOT_PRO_REQUIRED_CODE = 'hubspot_pro_required'
export const HUBSPOT_PRO_REQUIRED_MESSAGE = 'HubSpot is part of Pro. Upgrade to send your proposals’ activity to your deals.'
export const hubspotProRequiredBodySchema = z.strictObject({ message: z.string(), code: z.literal(HUBSPOT_PRO_REQUIRED_CODE) })

/** GET, PUT and DELETE /api/notifications/hubspot answer the connection as it is. */
export const hubspotConnectionSchema = z.object({
  connected: z.boolean(),
  /** The HubSpot account (portal) the token belongs to. */
  portalId: z.string().optional(),
  connectedAt: z.string().optional(),
  /** Why notes stopped (a revoked token) or the last note that failed; cleared by the next note that goes. */
  lastError: z.object({ message: z.string(), at: z.string() }).optional(),
})
export type HubspotConnection = z.infer<typeof hubspotConnectionSchema>

/** PUT /api/notifications/hubspot: a private app's access token (checked with HubSpot before it is kept). */
export const connectHubspotBodySchema = z.strictObject({
  accessToken: z
    .string()
    .trim()
    .min(1, 'Paste the access token of your HubSpot private app')
    .max(512, 'An access token is at most 512 characters')
    .regex(/^[\x21-\x7e]+$/, 'An access token has no spaces or special characters'),
})
export type ConnectHubspotBody = z.infer<typeof connectHubspotBodySchema>

/** GET /api/notifications/hubspot/deals?q=: deals whose name matches, at most HUBSPOT_DEALS_LIMIT. */
export const HUBSPOT_DEALS_LIMIT = 10
export const hubspotDealsQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type part of a deal’s name to search for').max(200, 'Search with at most 200 characters'),
})
export const hubspotDealSchema = z.object({
  id: z.string(),
  name: z.string(),
  stage: z.string().optional(),
  amount: z.string().optional(),
})
export type HubspotDeal = z.infer<typeof hubspotDealSchema>
export const hubspotDealsSchema = z.array(hubspotDealSchema)

/** PUT /api/notifications/hubspot/links/:proposalId: the deal the proposal's moves are noted on. */
export const hubspotProposalIdSchema = z.string().regex(PROPOSAL_ID_PATTERN, 'Not a proposal id')
export const linkHubspotDealBodySchema = z.strictObject({
  dealId: z
    .string()
    .trim()
    .regex(/^[0-9]{1,20}$/, 'A deal id is HubSpot’s number of the deal'),
})
export type LinkHubspotDealBody = z.infer<typeof linkHubspotDealBodySchema>

/** GET /api/notifications/hubspot/links/:proposalId and the PUT answer the link (404 when none). */
export const hubspotLinkSchema = z.object({
  proposalId: z.string(),
  dealId: z.string(),
  /** The deal's name when linked, as HubSpot had it. */
  dealName: z.string(),
  linkedAt: z.string(),
})
export type HubspotLink = z.infer<typeof hubspotLinkSchema>
