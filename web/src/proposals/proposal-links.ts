// The proposal's own calls besides loading it (issue 20): the prospect's agreement, the PDF of the
// page as it is on screen, and the document's images (issue 37). The access code goes along only
// when one was entered (SPEC §7).
import type { Scenario } from '@valueproof/formula'

function proposalPath(id: string): string {
  return `/api/proposals/${encodeURIComponent(id)}`
}

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const entries = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined)
  return entries.length === 0 ? path : `${path}?${new URLSearchParams(entries).toString()}`
}

/** POST here the prospect's name, e-mail, scenario and values. */
export function agreementUrl(id: string, accessCode: string | undefined): string {
  return withQuery(`${proposalPath(id)}/agreement`, { code: accessCode })
}

/** What the PDF shows: the chosen scenario and the values on screen; nothing for a proposal without a calculator. */
export interface PdfFigures {
  scenario: Scenario
  values: Readonly<Record<string, number>>
}

/**
 * The PDF of the proposal with the figures on screen: a plain link, so it needs no script to download.
 * `options`: the pricing table's optional lines counted now (issue 37), when it has any to tick.
 */
export function pdfUrl(id: string, figures: PdfFigures | undefined, accessCode: string | undefined, options?: readonly string[]): string {
  return withQuery(`${proposalPath(id)}/pdf`, {
    scenario: figures?.scenario,
    values: figures === undefined ? undefined : JSON.stringify(figures.values),
    options: options?.join(','),
    code: accessCode,
  })
}

/** An image of the proposal's document (issue 37): served to whoever may open the proposal, with the code it was opened with. */
export function proposalImageUrl(id: string, imageId: string, accessCode: string | undefined): string {
  return withQuery(`${proposalPath(id)}/images/${encodeURIComponent(imageId)}`, { code: accessCode })
}
