// What the seller's in-place editing says (issue 36), in the calculator's language like the card it
// sits in: the input's editor, the confirmation of an assumption, renaming, and the toasts after.
import type { CalculatorLanguage } from '@valueproof/formula'
import type { InputShapeProblem, InputType } from './input-shape.ts'

export interface InputTexts {
  readonly edit: string
  readonly editInput: (label: string) => string
  readonly shownAs: string
  readonly types: Readonly<Record<InputType, string>>
  readonly label: string
  readonly unit: string
  readonly min: string
  readonly max: string
  readonly step: string
  readonly done: string
  readonly confirm: string
  readonly fixedNeedsCheck: string
  readonly problems: Readonly<Record<InputShapeProblem, string>>
  readonly rename: string
  readonly calculatorName: string
  readonly save: string
  readonly cancel: string
  /** The toasts once an edit is saved. */
  readonly saved: { readonly input: string; readonly confirmed: string; readonly renamed: string }
  readonly saveFailed: string
  /** A fixed input on the seller's own card: what the prospect sees of it. */
  readonly fixedForProspect: string
}

const ENGLISH: InputTexts = {
  edit: 'Edit input',
  editInput: (label) => `Edit input: ${label}`,
  shownAs: 'Shown to the prospect as',
  types: { slider: 'Slider', number: 'Number field', fixed: 'Fixed figure' },
  label: 'Label',
  unit: 'Unit',
  min: 'Min',
  max: 'Max',
  step: 'Step',
  done: 'Done',
  confirm: 'I checked this figure',
  fixedNeedsCheck: 'An assumption stays an input the prospect can move until you confirm it.',
  problems: {
    label: 'Enter a label.',
    min: 'Enter a number for min.',
    max: 'Enter a number for max.',
    step: 'Enter a step greater than 0.',
    range: 'Max must not be less than min.',
    fixed: 'Confirm the figure before you fix it.',
  },
  rename: 'Rename',
  calculatorName: 'Calculator name',
  save: 'Save',
  cancel: 'Cancel',
  saved: { input: 'Input updated', confirmed: 'Figure confirmed', renamed: 'Calculator renamed' },
  saveFailed: 'Error saving calculator',
  fixedForProspect: 'Fixed: the prospect sees this figure and cannot move it.',
}

const SWEDISH: InputTexts = {
  edit: 'Redigera',
  editInput: (label) => `Redigera indata: ${label}`,
  shownAs: 'Visas för kunden som',
  types: { slider: 'Reglage', number: 'Sifferfält', fixed: 'Fast siffra' },
  label: 'Etikett',
  unit: 'Enhet',
  min: 'Min',
  max: 'Max',
  step: 'Steg',
  done: 'Klar',
  confirm: 'Jag har kontrollerat siffran',
  fixedNeedsCheck: 'Ett antagande förblir indata som kunden kan ändra tills du bekräftar det.',
  problems: {
    label: 'Ange en etikett.',
    min: 'Ange ett tal för min.',
    max: 'Ange ett tal för max.',
    step: 'Ange ett steg större än 0.',
    range: 'Max får inte vara mindre än min.',
    fixed: 'Bekräfta siffran innan du gör den fast.',
  },
  rename: 'Byt namn',
  calculatorName: 'Kalkylatorns namn',
  save: 'Spara',
  cancel: 'Avbryt',
  saved: { input: 'Indata uppdaterat', confirmed: 'Siffran är bekräftad', renamed: 'Kalkylatorn har fått nytt namn' },
  saveFailed: 'Kalkylatorn kunde inte sparas',
  fixedForProspect: 'Fast: kunden ser siffran och kan inte ändra den.',
}

/** The in-place editing's texts in `language` (English when the calculator has none). */
export function inputTexts(language: CalculatorLanguage | undefined): InputTexts {
  return language === 'sv' ? SWEDISH : ENGLISH
}
