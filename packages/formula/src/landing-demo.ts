// SPEC §2 / §9: the landing page's live demo calculator.

export const LANDING_DEMO_SLIDERS = {
  dealsPerMonth: { min: 5, max: 100, step: 5, defaultValue: 20 },
  averageDealSize: { min: 10_000, max: 200_000, step: 10_000, defaultValue: 50_000 },
} as const

/** The demo's promise: 25% more deals closed (the landing page claims 25–40% higher close rates). */
export const LANDING_DEMO_DEAL_INCREASE = 0.25

export interface LandingDemoInput {
  readonly dealsPerMonth: number
  readonly averageDealSize: number
}

export interface LandingDemoResult {
  readonly additionalDeals: number
  readonly additionalMonthlyRevenue: number
  readonly annualRevenue: number
}

/**
 * Additional deals = 25% of deals per month, rounded (halves up); additional monthly revenue =
 * additional deals × average deal size; annual revenue = additional monthly revenue × 12.
 * Non-finite inputs count as 0.
 */
export function landingDemoResult(input: LandingDemoInput): LandingDemoResult {
  const deals = Number.isFinite(input.dealsPerMonth) ? input.dealsPerMonth : 0
  const dealSize = Number.isFinite(input.averageDealSize) ? input.averageDealSize : 0
  const additionalDeals = Math.round(deals * LANDING_DEMO_DEAL_INCREASE)
  const additionalMonthlyRevenue = additionalDeals * dealSize
  return { additionalDeals, additionalMonthlyRevenue, annualRevenue: additionalMonthlyRevenue * 12 }
}
