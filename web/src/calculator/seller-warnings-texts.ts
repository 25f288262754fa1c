// What the check before sharing says around the warnings (issue 36), in the calculator's language,
// like the warnings themselves: a Swedish calculator is checked in Swedish.
import type { CalculatorLanguage } from '@valueproof/formula'
import type { GuardedAction, SellerWarningCode } from './seller-warnings.ts'

export interface SellerWarningTexts {
  /** The box beside the calculator and the dialog's title. */
  readonly heading: string
  /** Each warning as the question's first sentence says it. */
  readonly said: Readonly<Record<SellerWarningCode, string>>
  readonly several: (count: number) => string
  readonly anyway: Readonly<Record<GuardedAction, string>>
  /** The dialog's button that goes on. */
  readonly confirm: Readonly<Record<GuardedAction, string>>
  readonly cancel: string
  /** The button beside each warning that opens the place to fix it. */
  readonly fix: Readonly<Record<SellerWarningCode, string>>
  readonly details: string
}

const ENGLISH: SellerWarningTexts = {
  heading: 'Check before you share',
  said: {
    negative_value: 'This calculator shows a negative value at these figures.',
    price_above_value: 'At these figures the price of this calculator is more than its value.',
    cost_as_value: "This calculator counts the offer's price inside its value.",
    hidden_constant: "This calculator's formula holds figures the prospect cannot change.",
    all_assumed: 'No figure from your document or description stands behind this calculator’s value.',
    price_missing: 'Your text states a price this calculator does not use, so its ROI and payback are estimates.',
    unchecked_figures: "Some of this calculator's figures did not pass the honesty checks.",
    no_price: 'This calculator has no price, so its ROI and payback are estimates.',
    unchecked_assumptions: 'Some inputs of this calculator are assumptions you have not confirmed.',
  },
  several: (count) => `This calculator has ${count} things to check.`,
  anyway: { share: 'Share it anyway?', proposal: 'Create a proposal from it anyway?' },
  confirm: { share: 'Share anyway', proposal: 'Create proposal anyway' },
  cancel: 'Cancel',
  fix: {
    negative_value: 'Check the formula',
    price_above_value: 'Check the price',
    cost_as_value: 'Fix the formula',
    hidden_constant: 'Fix the formula',
    all_assumed: 'Check the inputs',
    price_missing: 'Enter the price',
    unchecked_figures: 'Check the figures',
    no_price: 'Enter the price',
    unchecked_assumptions: 'Check the assumptions',
  },
  details: 'What the checks found',
}

const SWEDISH: SellerWarningTexts = {
  heading: 'Kontrollera innan du delar',
  said: {
    negative_value: 'Kalkylatorn visar ett negativt värde med de här siffrorna.',
    price_above_value: 'Med de här siffrorna är kalkylatorns pris högre än dess värde.',
    cost_as_value: 'Kalkylatorn räknar erbjudandets pris som en del av värdet.',
    hidden_constant: 'Kalkylatorns formel innehåller siffror som kunden inte kan ändra.',
    all_assumed: 'Ingen siffra från ditt dokument eller din beskrivning står bakom kalkylatorns värde.',
    price_missing: 'Texten anger ett pris som kalkylatorn inte använder, så avkastning och återbetalningstid är uppskattningar.',
    unchecked_figures: 'Några av kalkylatorns siffror klarade inte ärlighetskontrollen.',
    no_price: 'Kalkylatorn har inget pris, så avkastning och återbetalningstid är uppskattningar.',
    unchecked_assumptions: 'Några indata i kalkylatorn är antaganden som du inte har bekräftat.',
  },
  several: (count) => `Kalkylatorn har ${count} saker att kontrollera.`,
  anyway: { share: 'Dela den ändå?', proposal: 'Skapa ett förslag från den ändå?' },
  confirm: { share: 'Dela ändå', proposal: 'Skapa förslag ändå' },
  cancel: 'Avbryt',
  fix: {
    negative_value: 'Kontrollera formeln',
    price_above_value: 'Kontrollera priset',
    cost_as_value: 'Rätta formeln',
    hidden_constant: 'Rätta formeln',
    all_assumed: 'Kontrollera indata',
    price_missing: 'Ange priset',
    unchecked_figures: 'Kontrollera siffrorna',
    no_price: 'Ange priset',
    unchecked_assumptions: 'Kontrollera antagandena',
  },
  details: 'Vad kontrollerna hittade',
}

/** The check's texts in `language` (English when the calculator has none). */
export function sellerWarningTexts(language: CalculatorLanguage | undefined): SellerWarningTexts {
  return language === 'sv' ? SWEDISH : ENGLISH
}
