// What the seller's warnings say (issue 35), in the calculator's language: the seller reads them
// beside the calculator and confirms them before sharing, so they name the figure and what to do.
import type { CalculatorLanguage } from './calculator-data.ts'

export interface CalculatorWarningTexts {
  /** "At these figures the calculator shows a negative value: −$12,000 a year." */
  readonly negativeValue: (yearly: string) => string
  /** A value calculator's key metric below zero. */
  readonly negativeMetric: (label: string, value: string) => string
  readonly priceAboveValue: (props: {
    readonly years: number
    readonly cost: string
    readonly value: string
    readonly net: string
  }) => string
  readonly allAssumed: string
  /** The offer's price added to the value. */
  readonly priceAsValue: (label: string) => string
  /** The offer's price subtracted inside the value while ROI and payback subtract it too. */
  readonly priceTwice: (label: string) => string
  /** The offer's price used in the value some other way. */
  readonly priceInValue: (label: string) => string
  /** Numbers in the formula that are not unit conversions (already written in the locale). */
  readonly hiddenConstant: (values: readonly string[]) => string
  /** The text states the offer's price, the calculator has none (found by the honesty checks). */
  readonly priceMissing: string
  /** Issue 36: the calculator has no price of the seller's, so ROI and payback are SPEC §9's estimate. */
  readonly noPrice: string
  /** Issue 36: "3 of 5 inputs are assumptions you have not confirmed." */
  readonly uncheckedAssumptions: (unchecked: number, inputs: number) => string
  /** The honesty checker's other problems with a generated calculator (the inputs they concern). */
  readonly honesty: (labels: readonly string[]) => string
}

const list = (labels: readonly string[], and: string): string => {
  const quoted = labels.map((label) => `'${label}'`)
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} ${and} ${quoted.at(-1) ?? ''}`
}

const ENGLISH: CalculatorWarningTexts = {
  negativeValue: (yearly) =>
    `At these figures the calculator shows a negative value: ${yearly} a year. Check the inputs before you share it.`,
  negativeMetric: (label, value) => `'${label}' is negative at these figures: ${value}. Check the inputs before you share it.`,
  priceAboveValue: ({ years, cost, value, net }) =>
    `The price is more than the value: over ${years} years it costs ${cost} and the value is ${value}, a net value of ${net}.`,
  allAssumed:
    'Every input behind the value is an assumption: no figure from your document or description supports it. Check the inputs with the prospect.',
  priceAsValue: (label) => `'${label}' is the offer's price, but the value formula counts it as value. Take it out of the formula.`,
  priceTwice: (label) =>
    `'${label}' is the offer's price and the value formula subtracts it, while ROI and payback subtract the price as well: it is counted twice. Take it out of the formula.`,
  priceInValue: (label) =>
    `'${label}' is the offer's price, but the value formula uses it; ROI and payback already set the price against the value. Take it out of the formula.`,
  hiddenConstant: (values) =>
    `The formula holds ${list(values, 'and').replace(/'/g, '')} as fixed ${values.length === 1 ? 'number' : 'numbers'} the prospect cannot change. Make ${values.length === 1 ? 'it an input' : 'them inputs'} with ${values.length === 1 ? 'its' : 'their'} source.`,
  priceMissing:
    "Your text states the offer's price, but the calculator has none, so ROI and payback are estimates. Enter the price in the calculator.",
  noPrice:
    'The calculator has no price: its ROI and payback are estimates that assume a cost, not your price. Enter the price before you share it.',
  uncheckedAssumptions: (unchecked, inputs) =>
    `${unchecked} of ${inputs} inputs ${unchecked === 1 ? 'is an assumption' : 'are assumptions'} you have not confirmed. Check each figure, then confirm it or change it.`,
  honesty: (labels) =>
    labels.length === 0
      ? 'Some figures did not pass the honesty checks. Check them against your document or description.'
      : `The figures of ${list(labels, 'and')} did not pass the honesty checks. Check them against your document or description.`,
}

const SWEDISH: CalculatorWarningTexts = {
  negativeValue: (yearly) =>
    `Med de här siffrorna visar kalkylatorn ett negativt värde: ${yearly} per år. Kontrollera indata innan du delar den.`,
  negativeMetric: (label, value) => `'${label}' är negativt med de här siffrorna: ${value}. Kontrollera indata innan du delar den.`,
  priceAboveValue: ({ years, cost, value, net }) =>
    `Priset är högre än värdet: på ${years} år kostar det ${cost} och värdet är ${value}, ett nettovärde på ${net}.`,
  allAssumed:
    'Alla indata bakom värdet är antaganden: ingen siffra från ditt dokument eller din beskrivning stöder det. Stäm av dem med kunden.',
  priceAsValue: (label) => `'${label}' är erbjudandets pris, men värdeformeln räknar det som värde. Ta bort det ur formeln.`,
  priceTwice: (label) =>
    `'${label}' är erbjudandets pris och värdeformeln drar av det, samtidigt som avkastning och återbetalningstid också drar av priset: det räknas två gånger. Ta bort det ur formeln.`,
  priceInValue: (label) =>
    `'${label}' är erbjudandets pris, men värdeformeln använder det; avkastning och återbetalningstid ställer redan priset mot värdet. Ta bort det ur formeln.`,
  hiddenConstant: (values) =>
    `Formeln innehåller ${list(values, 'och').replace(/'/g, '')} som ${values.length === 1 ? 'ett fast tal' : 'fasta tal'} kunden inte kan ändra. Gör ${values.length === 1 ? 'det till ett indatafält' : 'dem till indatafält'} med sin källa.`,
  priceMissing:
    'Texten anger erbjudandets pris, men kalkylatorn har inget pris, så avkastning och återbetalningstid är uppskattningar. Lägg in priset i kalkylatorn.',
  noPrice:
    'Kalkylatorn har inget pris: avkastning och återbetalningstid är uppskattningar som antar en kostnad, inte ditt pris. Lägg in priset innan du delar den.',
  uncheckedAssumptions: (unchecked, inputs) =>
    `${unchecked} av ${inputs} indata är ${unchecked === 1 ? 'ett antagande' : 'antaganden'} som du inte har bekräftat. Kontrollera varje siffra och bekräfta eller ändra den.`,
  honesty: (labels) =>
    labels.length === 0
      ? 'Några siffror klarade inte ärlighetskontrollen. Kontrollera dem mot ditt dokument eller din beskrivning.'
      : `Siffrorna för ${list(labels, 'och')} klarade inte ärlighetskontrollen. Kontrollera dem mot ditt dokument eller din beskrivning.`,
}

/** The warnings' texts in `language` (English when the calculator has none). */
export function calculatorWarningTexts(language: CalculatorLanguage | undefined): CalculatorWarningTexts {
  return language === 'sv' ? SWEDISH : ENGLISH
}
