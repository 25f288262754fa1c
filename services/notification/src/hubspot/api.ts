// The HubSpot calls the service makes, through HubSpot's own client library (@hubspot/api-client),
// pointed at HUBSPOT_API_URL when set (tests and the e2e product run a fake speaking the API's
// shapes). The URL is the operator's, never a seller's, so the SSRF-guarded client (decision 122) is
// not in the way. Retries are the note round's (with backoff), never the library's.
import { AssociationTypes, Client } from '@hubspot/api-client'
import { AssociationSpecAssociationCategoryEnum } from '@hubspot/api-client/lib/codegen/crm/objects/notes/models/AssociationSpec.js'
import { HUBSPOT_DEALS_LIMIT, type HubspotDeal } from '@valueproof/contracts'

export const HUBSPOT_DEFAULT_API_URL = 'https://api.hubapi.com'
/** One call to HubSpot waits at most this long. */
const CALL_TIMEOUT_MS = 10_000

/** HubSpot refused or could not be reached; `status` is HubSpot's HTTP status (undefined: no answer). */
export class HubspotCallError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    options?: ErrorOptions,
  ) {
    super(message, options)
    this.name = 'HubspotCallError'
  }

  /** 401 or 403: the token was revoked, expired or lacks a scope; it will not work until replaced. */
  get tokenRefused(): boolean {
    return this.status === 401 || this.status === 403
  }

  /** No answer, a time-out, 429 or a 5xx: worth trying again later. */
  get transient(): boolean {
    return this.status === undefined || this.status === 429 || this.status >= 500
  }
}

export interface HubspotNoteInput {
  dealId: string
  /** The note's text (HubSpot shows it as HTML). */
  body: string
  at: Date
}

export interface HubspotApi {
  /** Checks the token with one call and answers the account (portal) it belongs to. */
  portalOf(accessToken: string): Promise<string>
  searchDeals(accessToken: string, query: string): Promise<HubspotDeal[]>
  /** One deal by its id (a HubspotCallError with status 404 when the account has none). */
  dealOf(accessToken: string, dealId: string): Promise<HubspotDeal>
  /** Creates the note on the deal and answers its id. */
  createNote(accessToken: string, note: HubspotNoteInput): Promise<string>
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined
  return typeof error.code === 'number' ? error.code : undefined
}

async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new HubspotCallError(`HubSpot did not answer ${what} within ${CALL_TIMEOUT_MS / 1000} s`, undefined)),
      CALL_TIMEOUT_MS,
    )
  })
  try {
    return await Promise.race([run(), timeout])
  } catch (error) {
    if (error instanceof HubspotCallError) throw error
    const status = statusOf(error)
    const message = status === undefined ? `HubSpot could not be reached (${what})` : `HubSpot answered ${status} to ${what}`
    throw new HubspotCallError(message, status, { cause: error })
  } finally {
    clearTimeout(timer)
  }
}

function textOf(value: string | null | undefined): string | undefined {
  return value === null || value === undefined || value === '' ? undefined : value
}

const DEAL_PROPERTIES = ['dealname', 'dealstage', 'amount'] as const

function presentDeal(deal: { id: string; properties: Record<string, string | null> }): HubspotDeal {
  const stage = textOf(deal.properties.dealstage)
  const amount = textOf(deal.properties.amount)
  return {
    id: deal.id,
    name: textOf(deal.properties.dealname) ?? `Deal ${deal.id}`,
    ...(stage === undefined ? {} : { stage }),
    ...(amount === undefined ? {} : { amount }),
  }
}

export function createHubspotApi(options: { apiUrl?: string | undefined } = {}): HubspotApi {
  const basePath = (options.apiUrl ?? HUBSPOT_DEFAULT_API_URL).replace(/\/+$/, '')
  const client = (accessToken: string) => new Client({ accessToken, basePath, numberOfApiCallRetries: 0 })
  return {
    portalOf: (accessToken) =>
      call('the token check', async () => {
        // The account's details need no scope beyond a valid token: the one call that proves it.
        const response = await client(accessToken).apiRequest({ method: 'GET', path: '/account-info/v3/details' })
        if (!response.ok) throw new HubspotCallError(`HubSpot answered ${response.status} to the token check`, response.status)
        const details: unknown = await response.json()
        const portalId = typeof details === 'object' && details !== null && 'portalId' in details ? details.portalId : undefined
        if (typeof portalId !== 'number' && typeof portalId !== 'string')
          throw new HubspotCallError('HubSpot answered the token check without an account id', response.status)
        return String(portalId)
      }),
    searchDeals: (accessToken, query) =>
      call('the deal search', async () => {
        const found = await client(accessToken).crm.deals.searchApi.doSearch({
          query,
          limit: HUBSPOT_DEALS_LIMIT,
          properties: [...DEAL_PROPERTIES],
          sorts: ['-hs_lastmodifieddate'],
        })
        return found.results.map(presentDeal)
      }),
    dealOf: (accessToken, dealId) =>
      call('the deal', async () => presentDeal(await client(accessToken).crm.deals.basicApi.getById(dealId, [...DEAL_PROPERTIES]))),
    createNote: (accessToken, note) =>
      call('the note', async () => {
        const created = await client(accessToken).crm.objects.notes.basicApi.create({
          properties: { hs_timestamp: note.at.toISOString(), hs_note_body: note.body },
          associations: [
            {
              to: { id: note.dealId },
              types: [
                {
                  associationCategory: AssociationSpecAssociationCategoryEnum.HubspotDefined,
                  associationTypeId: AssociationTypes.noteToDeal,
                },
              ],
            },
          ],
        })
        return created.id
      }),
  }
}
