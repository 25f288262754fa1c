// What the HubSpot parts of /settings and of a proposal's analytics say, and the small decisions
// behind them (tested beside).
import { HUBSPOT_PRO_REQUIRED_CODE, type HubspotConnection, type HubspotDeal } from '@valueproof/contracts'
import { ApiError } from '../api.ts'

export const HUBSPOT_TITLE = 'HubSpot'
export const HUBSPOT_NOTE =
  'Each time a prospect opens, agrees to or downloads a proposal linked to a deal, a note with the figures and a link is added to that deal.'
export const HUBSPOT_TOKEN_HELP =
  'In HubSpot, create a private app with the scopes crm.objects.deals.read and crm.objects.deals.write, and paste its access token here.'

/** The sentence under the card's title: connected, stopped by HubSpot, or not connected. */
export function connectionSummary(connection: HubspotConnection): string {
  if (connection.connected) return `Connected to HubSpot account ${connection.portalId ?? ''}`.trim() + '.'
  if (connection.portalId !== undefined) return 'HubSpot stopped accepting the access token: no notes are added until you connect again.'
  return 'Not connected.'
}

/** Whether an error is the Free seller's 403 (the card shows the upgrade instead of an error). */
export function isHubspotProRequired(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 403) return false
  try {
    const body: unknown = JSON.parse(error.bodyText)
    return typeof body === 'object' && body !== null && 'code' in body && body.code === HUBSPOT_PRO_REQUIRED_CODE
  } catch {
    return false
  }
}

/** What an error says to the seller: the server's sentence when it has one. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message
  return error instanceof Error ? error.message : String(error)
}

/** A deal in a search result: its name, with its stage and amount when HubSpot has them. */
export function dealLine(deal: HubspotDeal): string {
  const facts = [deal.stage, deal.amount === undefined ? undefined : `amount ${deal.amount}`].filter((fact) => fact !== undefined)
  return facts.length === 0 ? deal.name : `${deal.name} · ${facts.join(' · ')}`
}
