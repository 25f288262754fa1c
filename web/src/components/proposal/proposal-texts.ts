// The headings and messages of a proposal page, in the language of its calculator: SPEC §2's
// English section titles, and their Swedish (issue 15: a Swedish proposal is Swedish all through),
// the seller's contact block and the "Made with ValueProof" footer.
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
  /** The heading of the seller's contact details in the footer. */
  readonly contact: string
  readonly email: string
  readonly phone: string
  /** The footer's line when the seller has left no contact details. */
  readonly noContactDetails: string
  /** The light page's footer: "Made with ValueProof". */
  readonly madeWith: string
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
  contact: 'Contact',
  email: 'E-mail',
  phone: 'Phone',
  noContactDetails: 'Questions about this proposal? Reply to the message it came with.',
  madeWith: 'Made with',
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
  contact: 'Kontakt',
  email: 'E-post',
  phone: 'Telefon',
  noContactDetails: 'Frågor om förslaget? Svara på meddelandet som det kom med.',
  madeWith: 'Skapad med',
}

/** The proposal page's texts in `language` (English when the calculator has none). */
export function proposalTexts(language: CalculatorLanguage | undefined): ProposalTexts {
  return language === 'sv' ? SWEDISH : ENGLISH
}
