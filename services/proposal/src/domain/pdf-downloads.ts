// A proposal as a PDF (issue 20, docs/decisions/116): opened with the same rules as the page (the
// access code, its limits, 404 and 410; the owner always), at the scenario and values the viewer
// asks for — every figure computed here from the stored calculator, the values only clamped and
// completed — rendered on a worker thread, and counted as a download in the outbox.
import { timestampFromDate } from '@bufbuild/protobuf/wkt'
import {
  AGREEMENT_UNKNOWN_INPUT_MESSAGE,
  agreementBodySchema,
  calculatorValuesSchema,
  PDF_VALUES_MAX_LENGTH,
  type ProposalRecord,
} from '@valueproof/contracts'
import { encodeEvent, outboxRecord, proposalPdfDownloaded } from '@valueproof/event-bus'
import { scenarioValues, validateCalculatorData, type Scenario } from '@valueproof/formula'
import { errors } from '@valueproof/http-kit'
import type { PrismaClient } from '../db.ts'
import { proposalPdfContent, type PdfCalculatorState } from '../pdf/pdf-content.ts'
import { pdfImagesOf } from '../pdf/pdf-images.ts'
import type { PdfRenderer } from '../pdf/pdf-pool.ts'
import { parseOptions, ticksOf } from '../pdf/pdf-pricing.ts'
import { readProposalImage } from './proposal-images.ts'
import { openableProposal, openProposal, type ProposalDeps, type Viewer } from './proposals.ts'

export interface PdfDownloadDeps extends ProposalDeps {
  pdf: PdfRenderer
  /**
   * The site's origin printed in the share link: PUBLIC_ORIGIN, else the gateway's own configured
   * address (issue 34) — never a request's Host, which a client writes itself.
   */
  shareOrigin: () => string
}

export const PDF_VALUES_TOO_LONG_MESSAGE = `values must be at most ${PDF_VALUES_MAX_LENGTH} characters`
export const PDF_VALUES_NOT_JSON_MESSAGE = 'values must be a JSON object of input names and numbers, like {"agents":12}'

/** The query as it came: ?scenario=…&values=…&code=…&options=… */
export interface PdfQuery {
  scenario: string | undefined
  values: string | undefined
  code: string | undefined
  /** The optional pricing lines the prospect ticked, ids separated by commas. */
  options?: string | undefined
}

export interface ProposalPdf {
  bytes: Uint8Array
  title: string
}

export interface PdfDownload {
  proposalId: string
  ownerUserId: number
  /** The proposal's title as the PDF prints it (the owner's e-mail names the proposal). */
  title: string
  viewer: 'owner' | 'visitor'
  /** The gateway's anonymous visitor id; never set for the owner. */
  visitorId: string | undefined
  scenario: Scenario
  downloadedAt: Date
}

/** The download's event, through the outbox (the relay publishes it within its poll interval). */
export async function recordPdfDownload(prisma: Pick<PrismaClient, 'outboxEvent'>, download: PdfDownload): Promise<void> {
  const event = encodeEvent(
    proposalPdfDownloaded,
    {
      proposalId: download.proposalId,
      ownerUserId: download.ownerUserId,
      viewer: download.viewer,
      visitorId: download.visitorId ?? '',
      scenario: download.scenario,
      downloadedAt: timestampFromDate(download.downloadedAt),
      title: download.title,
    },
    { occurredAt: download.downloadedAt },
  )
  await prisma.outboxEvent.create({ data: outboxRecord(event) })
}

/** The scenario asked for (the expected one by default), checked as the agreement checks it. */
export function parseScenario(raw: string | undefined): Scenario {
  if (raw === undefined || raw === '') return 'expected'
  const parsed = agreementBodySchema.shape.scenario.safeParse(raw)
  if (!parsed.success) throw errors.badRequest(parsed.error.issues[0]?.message ?? 'scenario is not a scenario', 'invalid_scenario')
  return parsed.data
}

/** The values asked for: a JSON object of finite numbers by input name (none: the scenario's own). */
export function parseValues(raw: string | undefined): Record<string, number> {
  if (raw === undefined || raw === '') return {}
  if (raw.length > PDF_VALUES_MAX_LENGTH) throw errors.badRequest(PDF_VALUES_TOO_LONG_MESSAGE, 'invalid_values')
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    throw errors.badRequest(PDF_VALUES_NOT_JSON_MESSAGE, 'invalid_values')
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw errors.badRequest(PDF_VALUES_NOT_JSON_MESSAGE, 'invalid_values')
  const parsed = calculatorValuesSchema.safeParse(json)
  if (!parsed.success) throw errors.badRequest(parsed.error.issues[0]?.message ?? PDF_VALUES_NOT_JSON_MESSAGE, 'invalid_values')
  return parsed.data
}

/** The calculator the page would show: none, one that cannot be shown, or a valid one with inputs or fields. */
export function calculatorStateOf(calculatorData: unknown): PdfCalculatorState {
  if (calculatorData === null || calculatorData === undefined) return { kind: 'none' }
  const validation = validateCalculatorData(calculatorData)
  if (!validation.ok) return { kind: 'invalid' }
  const { parameters, valueFields } = validation.calculatorData
  return parameters.length > 0 || valueFields.length > 0 ? { kind: 'ready', calculatorData: validation.calculatorData } : { kind: 'none' }
}

/** Every input's value: the scenario's, with the viewer's on top; a name that is not an input is refused. */
export function valuesFor(
  calculator: PdfCalculatorState,
  scenario: Scenario,
  asked: Readonly<Record<string, number>>,
): Record<string, number> {
  const base = calculator.kind === 'ready' ? scenarioValues(calculator.calculatorData, scenario) : {}
  for (const name of Object.keys(asked)) {
    if (!Object.hasOwn(base, name)) throw errors.badRequest(AGREEMENT_UNKNOWN_INPUT_MESSAGE, 'unknown_input')
  }
  return { ...base, ...asked }
}

/** The share link printed on every page: the proposal's public page at the configured origin. */
export function shareUrlOf(proposalId: string, origin: string): string {
  return `${new URL(origin).origin}/proposals/${encodeURIComponent(proposalId)}`
}

/** The PDF for this viewer, scenario and values; the download is recorded once it is made. */
export async function downloadProposalPdf(
  deps: PdfDownloadDeps,
  props: { proposalId: string; viewer: Viewer; query: PdfQuery; signal?: AbortSignal },
): Promise<ProposalPdf> {
  // The query's own shape first: a malformed request costs no access-code attempt.
  const scenario = parseScenario(props.query.scenario)
  const asked = parseValues(props.query.values)
  const options = parseOptions(props.query.options)
  const opened: ProposalRecord = await openProposal(deps, { proposalId: props.proposalId, viewer: props.viewer, code: props.query.code })
  const now = (deps.now ?? (() => new Date()))()
  // The same (cached) read openProposal made, for the owner's id that a visitor's record leaves out.
  const { proposal, isOwner } = await openableProposal(deps, { proposalId: props.proposalId, userId: props.viewer.userId, now })
  const calculator = calculatorStateOf(opened.calculatorData)
  const values = valuesFor(calculator, scenario, asked)
  const ticks = ticksOf(opened.document, options)
  const content = proposalPdfContent({
    proposal: opened,
    calculator,
    scenario,
    values,
    shareUrl: shareUrlOf(proposal.id, deps.shareOrigin()),
    images: await pdfImagesOf({ proposalId: proposal.id, document: opened.document }, (image) => readProposalImage(deps, image)),
    ticks,
  })
  const bytes = await deps.pdf.render(content, props.signal)
  await recordPdfDownload(deps.prisma, {
    proposalId: proposal.id,
    ownerUserId: proposal.userId,
    title: opened.title,
    viewer: isOwner ? 'owner' : 'visitor',
    // The owner's download is never tied to a visitor id: that would link the anonymous id to an account.
    visitorId: isOwner ? undefined : props.viewer.visitorId,
    scenario,
    downloadedAt: now,
  })
  return { bytes, title: opened.title }
}
