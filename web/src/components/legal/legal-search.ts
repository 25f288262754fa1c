// /legal's one search parameter: which tab is open, so a link can point at the refund or
// cancellation terms (`/legal?tab=refund`). Contact is the default and needs no parameter.
import { z } from 'zod'

export const LEGAL_TABS = ['contact', 'refund', 'cancellation', 'restrictions'] as const
export type LegalTab = (typeof LEGAL_TABS)[number]

export const DEFAULT_LEGAL_TAB: LegalTab = 'contact'

/** An unknown or missing tab opens Contact rather than failing the page: old links keep working. */
export const legalSearchSchema = z.object({
  tab: z.enum(LEGAL_TABS).optional().catch(undefined),
})
export type LegalSearch = z.infer<typeof legalSearchSchema>

/** The search that opens `tab`: none for the default, so /legal stays the canonical address. */
export function legalSearchFor(tab: LegalTab): LegalSearch {
  return tab === DEFAULT_LEGAL_TAB ? {} : { tab }
}
