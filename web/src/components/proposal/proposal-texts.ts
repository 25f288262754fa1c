// The headings and messages of a proposal page, in the language of its calculator: SPEC §2's
// English section titles, and their Swedish (issue 15: a Swedish proposal is Swedish all through).
import type { CalculatorLanguage } from '@valueproof/formula'

export interface ProposalTexts {
  readonly language: CalculatorLanguage
  /** The locale of the proposal's long date ("January 5, 2025", "5 januari 2025"). */
  readonly dateLocale: string
  readonly executiveSummary: string
  readonly problemStatement: string
  readonly solutionOverview: string
  readonly valueProposition: string
  readonly roiCalculator: string
  readonly nextSteps: string
  readonly keyFinancialImpact: string
  readonly currentChallenge: string
  readonly ourSolution: string
  readonly valueDelivered: string
  readonly calculatorCannotBeShown: string
  readonly companyLogo: string
}

const ENGLISH: ProposalTexts = {
  language: 'en',
  dateLocale: 'en-US',
  executiveSummary: 'Executive Summary',
  problemStatement: 'Problem Statement',
  solutionOverview: 'Solution Overview',
  valueProposition: 'Value Proposition',
  roiCalculator: 'ROI Calculator',
  nextSteps: 'Next Steps',
  keyFinancialImpact: 'Key Financial Impact',
  currentChallenge: 'Current Challenge',
  ourSolution: 'Our Solution',
  valueDelivered: 'Value Delivered',
  calculatorCannotBeShown: 'This calculator cannot be shown.',
  companyLogo: 'Company logo',
}

const SWEDISH: ProposalTexts = {
  language: 'sv',
  dateLocale: 'sv-SE',
  executiveSummary: 'Sammanfattning',
  problemStatement: 'Utmaningen',
  solutionOverview: 'Lösningen',
  valueProposition: 'Värdet för er',
  roiCalculator: 'ROI-kalkylator',
  nextSteps: 'Nästa steg',
  keyFinancialImpact: 'Ekonomisk effekt',
  currentChallenge: 'Nuvarande utmaning',
  ourSolution: 'Vår lösning',
  valueDelivered: 'Levererat värde',
  calculatorCannotBeShown: 'Kalkylatorn kan inte visas.',
  companyLogo: 'Företagets logotyp',
}

/** The proposal page's texts in `language` (English when the calculator has none). */
export function proposalTexts(language: CalculatorLanguage | undefined): ProposalTexts {
  return language === 'sv' ? SWEDISH : ENGLISH
}
