// For the PDF's tests: proposals as openProposal answers them (the document made from the written
// sections unless one is given), and a render that reads the PDF back as pdf.js extracts it.
import { productBranding, type ProposalRecord } from '@valueproof/contracts'
import { defaultProposalDocument } from '@valueproof/contracts/proposal-document'
import { scenarioValues, validateCalculatorData, type CalculatorData, type CalculatorDataInput, type Scenario } from '@valueproof/formula'
import { proposalPdfContent } from './pdf-content.ts'
import type { QuoteTicks } from './pdf-pricing.ts'
import { renderProposalPdf } from './pdf-renderer.ts'
import { pdfPageTexts } from './pdf-text.ts'

export const SHARE_URL = 'http://localhost:3000/proposals/AbCdEfGhIjKlMnOpQrStUv'
export const PARAGRAPH =
  'Your support team spends hours every week sorting tickets by hand. Our triage service reads each ticket, tags it and routes it to the right queue within seconds, so agents answer customers instead.'
/** What openProposal shows a Free seller's proposal with: the product's branding and the seller's contact. */
export const BRANDING = { ...productBranding(), contactName: 'Sam Seller', contactEmail: 'sam@example.com' }

export function calculator(input: CalculatorDataInput | Record<string, unknown>): CalculatorData {
  const validation = validateCalculatorData({ branding: BRANDING, ...input })
  if (!validation.ok) throw new Error(JSON.stringify(validation.problems))
  return validation.calculatorData
}

/** A five-section proposal around `calculatorData`; its document is the default one unless given. */
export function proposalWith(calculatorData: CalculatorData, overrides: Partial<ProposalRecord> = {}): ProposalRecord {
  const written = {
    title: 'Support desk automation for Acme',
    executiveSummary: `${PARAGRAPH}\n\n${PARAGRAPH}`,
    problemStatement: PARAGRAPH,
    solutionOverview: `${PARAGRAPH}\n\n${PARAGRAPH}\n\n${PARAGRAPH}`,
    valueProposition: PARAGRAPH,
    callToAction: 'Book a pilot for your first team this month.',
    templateType: null,
    ...overrides,
  }
  return {
    id: 'AbCdEfGhIjKlMnOpQrStUv',
    contactInformation: null,
    calculatorData,
    createdAt: '2026-11-24T10:00:00.000Z',
    document: defaultProposalDocument(written),
    ...written,
  }
}

export interface RenderProps {
  proposal: ProposalRecord
  scenario?: Scenario
  values?: Record<string, number>
  images?: ReadonlyMap<string, Uint8Array>
  ticks?: QuoteTicks
}

/** The PDF's bytes and its pages' text, with the calculator and values it was made at. */
export async function render(props: RenderProps) {
  const calculatorData = calculator(props.proposal.calculatorData as Record<string, unknown>)
  const scenario = props.scenario ?? 'expected'
  const values = { ...scenarioValues(calculatorData, scenario), ...props.values }
  const bytes = await renderProposalPdf(
    proposalPdfContent({
      proposal: props.proposal,
      calculator: { kind: 'ready', calculatorData },
      scenario,
      values,
      shareUrl: SHARE_URL,
      images: props.images ?? new Map(),
      ticks: props.ticks,
    }),
  )
  const pages = await pdfPageTexts(bytes)
  return { bytes, pages, text: pages.join(' '), calculatorData, values }
}
