// What the built-in analysis decided, for the evaluation (tests/analysis-eval) and for tests: the
// story it told, every figure it read with the role it gave it and what became of it, and the
// calculator with its yearly result at the defaults.
import type { CalculatorData } from '@valueproof/formula'

/** A figure's role, from its sentence (issue 14). */
export const FIGURE_ROLES = [
  /** The customer's volume or scale: "40 tickets a day", "12 agents", "average deal $5,000". */
  'volume',
  /** The customer's current cost, time or loss: "8 minutes per ticket", "$60 per hour", "12% no-shows". */
  'baseline',
  /** The claimed improvement: "reduces handling time by 45%", "halves", "+0.5 percentage points", "from 12% to 8%". */
  'improvement',
  /** The seller's own price or fee: "$499 per month", "1 250 kr per timme" (the consultant's rate). */
  'price',
  /** A contract value, ceiling, budget or award: "estimated value $100M", "grant of $1.2M". */
  'contractValue',
  /** A term or duration: "36 months", "three-week timeline". */
  'term',
  /** Read, but no role (dates are not figures at all; this is e.g. an attendance count in a heading). */
  'other',
] as const
export type FigureRole = (typeof FIGURE_ROLES)[number]

/** The ROI stories (issue 14 "Choosing the story"). */
export const STORY_IDS = [
  'timeSaved',
  'costReduced',
  'revenueLift',
  'lossAvoided',
  'priceComparison',
  'capacityFreed',
  /** A document that makes no value claim (RFQ, tender, grant, price list, blank template): models what it contains. */
  'noValueClaim',
] as const
export type StoryId = (typeof STORY_IDS)[number]

export interface ReportedFigure {
  /** As read (for money: in its own currency; for ranges: the midpoint). */
  readonly value: number
  /** The figure's words in the text ("45%", "2,50 kr per sida"). */
  readonly text: string
  readonly kind: string
  readonly currency?: string
  readonly page: number
  readonly role: FigureRole
  /** 'slider': a parameter's default; 'constant': a documented constant of the formula; 'unused'. */
  readonly use: 'slider' | 'constant' | 'unused'
}

export interface AnalysisReport {
  readonly story: StoryId
  readonly figures: readonly ReportedFigure[]
  readonly calculatorData: CalculatorData
  /** The formula's result at the defaults, per year, in the calculator's baseCurrency (or its unit). */
  readonly yearlyAtDefaults: number
  /** The text states no saving or gain (the calculator says so in its description). */
  readonly noValueClaim: boolean
}
