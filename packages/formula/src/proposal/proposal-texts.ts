// The headings and messages of a proposal page, in the language of its calculator: SPEC §2's
// English section titles, and their Swedish (issue 15: a Swedish proposal is Swedish all through),
// the seller's contact block, the "Made with ValueProof" footer and the access-code gate.
import type { CalculatorLanguage } from '../calculator/calculator-data.ts'
import type { Scenario } from '../calculator/scenarios.ts'
import type { ValueType } from '../calculator/timeframes.ts'

/** SPEC §2's password dialog of a protected proposal, the page behind it and its messages (SPEC §8). */
export interface AccessGateTexts {
  readonly title: string
  readonly description: string
  readonly label: string
  readonly submit: string
  /** The dialog's close button. */
  readonly close: string
  /** The toast for an empty code: its title and text. */
  readonly emptyTitle: string
  readonly empty: string
  /** The page behind the dialog. */
  readonly heading: string
  readonly hint: string
  readonly unlock: string
  /** The toast for a code that was not right. */
  readonly refusedTitle: string
  readonly refused: string
}

/** Issue 37: a proposal's pricing table, as the page and the PDF write it. */
export interface PricingTexts {
  /** The table's heading when the seller gave none. */
  readonly heading: string
  readonly description: string
  readonly quantity: string
  readonly unitPrice: string
  readonly discount: string
  readonly amount: string
  /** Beside an optional line the prospect may tick. */
  readonly optional: string
  /** An unticked optional line's amount. */
  readonly notIncluded: string
  /** The totals' headings by recurrence. */
  readonly recurrence: Readonly<Record<'once' | 'month' | 'year', string>>
  readonly subtotal: string
  /** "Discount (10 %)" off the whole quote. */
  readonly quoteDiscount: (percent: string) => string
  /** "Tax (25 %)". */
  readonly tax: (percent: string) => string
  readonly total: string
  /** Under the table when the calculator's price follows it: ROI and payback use the price before tax. */
  readonly priceNote: string
}

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
  /** Issue 36: a protected proposal asks for its code in its own language (the 401 names it). */
  readonly accessGate: AccessGateTexts
  // Issue 20: the headline, the payback chart, scenarios, the PDF and the prospect's agreement.
  /** The headline figure's label: "You save per year" (moneySaved), "You gain per year" (moneyGained), "Value per year". */
  readonly perYear: (valueType: ValueType | undefined) => string
  /** The headline's label when the value per year is negative (issue 36): the amount is then stated as a cost. */
  readonly netCostPerYear: string
  readonly paysBackIn: string
  readonly paybackChart: (years: number) => string
  readonly cumulativeValue: string
  readonly cumulativeCost: string
  readonly month: string
  /** The chart's table alternative's caption. */
  readonly paybackTable: string
  readonly showTable: string
  readonly scenario: string
  readonly scenarioNames: Readonly<Record<Scenario, string>>
  /** Under the scenario switch: what the scenarios change. */
  readonly scenarioNote: string
  readonly downloadPdf: string
  /** "Page 2 of 5". */
  readonly pageOf: (page: number, pages: number) => string
  readonly agree: string
  readonly agreeIntro: string
  readonly yourName: string
  readonly yourEmail: string
  readonly confirmAgreement: string
  readonly cancel: string
  readonly agreementFailed: string
  /** "Agreed on November 24, 2026". */
  readonly agreedOn: (date: string) => string
  /** The agreed block's heading. */
  readonly agreedFigures: string
  /** Under the agreed figures: they do not follow the calculator. */
  readonly agreedNote: string
  /** The agreed record no longer matches its hash. */
  readonly agreementAltered: string
  // Issue 34: the seller may name who may agree.
  /** In the agreement form when only the e-mail addresses the seller named may agree. */
  readonly agreeListedOnly: string
  /** The refusal of an address the seller did not name (403). */
  readonly agreementNotListed: string
  readonly pricing: PricingTexts
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
  // SPEC §2's and §8's strings.
  accessGate: {
    title: 'Password Protected Calculator',
    description: 'This calculator is protected. Enter the password you were given to open it.',
    label: 'Enter Password',
    submit: 'Access Calculator',
    close: 'Close',
    emptyTitle: 'Error',
    empty: 'Please enter a password',
    heading: 'This calculator is password protected',
    hint: 'Enter the password you were given to see it.',
    unlock: 'Unlock',
    refusedTitle: 'Password required',
    refused: 'That password is not right. Please try again.',
  },
  perYear: (valueType) =>
    valueType === 'moneySaved' ? 'You save per year' : valueType === 'moneyGained' ? 'You gain per year' : 'Value per year',
  netCostPerYear: 'Net cost per year',
  paysBackIn: 'Pays back in',
  paybackChart: (years) => `Payback over ${years} years`,
  cumulativeValue: 'Cumulative value',
  cumulativeCost: 'Cumulative cost',
  month: 'Month',
  paybackTable: 'Cumulative value and cost by month',
  showTable: 'Show as a table',
  scenario: 'Scenario',
  scenarioNames: { conservative: 'Conservative', expected: 'Expected', optimistic: 'Optimistic' },
  scenarioNote: 'Conservative and optimistic move the improvements this proposal claims; your own figures stay as they are.',
  downloadPdf: 'Download PDF',
  pageOf: (page, pages) => `Page ${page} of ${pages}`,
  agree: 'These numbers work for us',
  agreeIntro: 'Your name and e-mail go to the sender with the figures shown now. The agreed figures are then shown on this proposal.',
  yourName: 'Your name',
  yourEmail: 'Your e-mail',
  confirmAgreement: 'Confirm',
  cancel: 'Cancel',
  agreementFailed: 'Your agreement could not be saved. Please try again.',
  agreedOn: (date) => `Agreed on ${date}`,
  agreedFigures: 'Agreed figures',
  agreedNote: 'These figures were agreed to and do not change with the calculator below.',
  agreementAltered: 'The stored agreement no longer matches its record.',
  agreeListedOnly: 'Only the people the sender named can agree: use the e-mail address this proposal was sent to.',
  agreementNotListed: 'This e-mail address is not one the sender named. Use the address this proposal was sent to, or ask the sender.',
  pricing: {
    heading: 'Pricing',
    description: 'Description',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    discount: 'Discount',
    amount: 'Amount',
    optional: 'Optional',
    notIncluded: 'Not included',
    recurrence: { once: 'One-off', month: 'Per month', year: 'Per year' },
    subtotal: 'Subtotal',
    quoteDiscount: (percent) => `Discount (${percent})`,
    tax: (percent) => `Tax (${percent})`,
    total: 'Total',
    priceNote: 'The return on investment and the payback use this price before tax, with the options you tick.',
  },
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
  accessGate: {
    title: 'Lösenordsskyddad kalkylator',
    description: 'Kalkylatorn är skyddad. Ange lösenordet du har fått för att öppna den.',
    label: 'Ange lösenord',
    submit: 'Öppna kalkylatorn',
    close: 'Stäng',
    emptyTitle: 'Fel',
    empty: 'Ange ett lösenord',
    heading: 'Kalkylatorn är lösenordsskyddad',
    hint: 'Ange lösenordet du har fått för att se den.',
    unlock: 'Lås upp',
    refusedTitle: 'Lösenord krävs',
    refused: 'Lösenordet stämmer inte. Försök igen.',
  },
  perYear: (valueType) =>
    valueType === 'moneySaved' ? 'Ni sparar per år' : valueType === 'moneyGained' ? 'Ni tjänar per år' : 'Värde per år',
  netCostPerYear: 'Nettokostnad per år',
  paysBackIn: 'Återbetald på',
  paybackChart: (years) => `Återbetalning över ${years} år`,
  cumulativeValue: 'Ackumulerat värde',
  cumulativeCost: 'Ackumulerad kostnad',
  month: 'Månad',
  paybackTable: 'Ackumulerat värde och kostnad per månad',
  showTable: 'Visa som tabell',
  scenario: 'Scenario',
  scenarioNames: { conservative: 'Försiktigt', expected: 'Förväntat', optimistic: 'Optimistiskt' },
  scenarioNote: 'Försiktigt och optimistiskt ändrar förbättringarna som förslaget utlovar; era egna siffror ligger kvar.',
  downloadPdf: 'Ladda ner PDF',
  pageOf: (page, pages) => `Sida ${page} av ${pages}`,
  agree: 'De här siffrorna fungerar för oss',
  agreeIntro: 'Ditt namn och din e-post skickas till avsändaren med siffrorna som visas nu. De godkända siffrorna visas sedan i förslaget.',
  yourName: 'Ditt namn',
  yourEmail: 'Din e-post',
  confirmAgreement: 'Bekräfta',
  cancel: 'Avbryt',
  agreementFailed: 'Godkännandet kunde inte sparas. Försök igen.',
  agreedOn: (date) => `Godkänt ${date}`,
  agreedFigures: 'Godkända siffror',
  agreedNote: 'Siffrorna är godkända och ändras inte med kalkylatorn nedan.',
  agreementAltered: 'Det sparade godkännandet stämmer inte längre med sitt underlag.',
  agreeListedOnly: 'Bara de personer som avsändaren har angett kan godkänna: använd e-postadressen som förslaget skickades till.',
  agreementNotListed:
    'Den här e-postadressen är inte en av dem som avsändaren har angett. Använd adressen som förslaget skickades till, eller fråga avsändaren.',
  pricing: {
    heading: 'Pris',
    description: 'Beskrivning',
    quantity: 'Antal',
    unitPrice: 'À-pris',
    discount: 'Rabatt',
    amount: 'Belopp',
    optional: 'Tillval',
    notIncluded: 'Ingår inte',
    recurrence: { once: 'Engångskostnad', month: 'Per månad', year: 'Per år' },
    subtotal: 'Delsumma',
    quoteDiscount: (percent) => `Rabatt (${percent})`,
    tax: (percent) => `Moms (${percent})`,
    total: 'Totalt',
    priceNote: 'Avkastningen och återbetalningstiden räknas på det här priset före moms, med de tillval ni kryssar i.',
  },
}

/** The proposal page's texts in `language` (English when the calculator has none). */
export function proposalTexts(language: CalculatorLanguage | undefined): ProposalTexts {
  return language === 'sv' ? SWEDISH : ENGLISH
}
