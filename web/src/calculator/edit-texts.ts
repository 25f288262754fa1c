import type { CalculatorLanguage, ParameterSource } from '@valueproof/formula'

/*
 * What the seller reads about a saved edit, in the calculator's own language (docs/decisions/099):
 * the note under an input whose default was typed in the editor, and the toast once the editor's
 * definition is applied. A calculator without a language is English.
 */

interface EditTexts {
  /** Under an input whose default the seller typed: no quoted passage backs it any more. */
  readonly handSetNote: string
  readonly savedTitle: string
  readonly savedDescription: string
}

const EDIT_TEXTS: Readonly<Record<CalculatorLanguage, EditTexts>> = {
  en: {
    handSetNote: 'Set by hand in the editor.',
    savedTitle: 'Calculator updated',
    savedDescription: 'The sliders are back at the default values.',
  },
  sv: {
    handSetNote: 'Angivet för hand i redigeraren.',
    savedTitle: 'Kalkylatorn är uppdaterad',
    savedDescription: 'Reglagen står på standardvärdena igen.',
  },
}

export function editTexts(language: CalculatorLanguage | undefined): EditTexts {
  return EDIT_TEXTS[language ?? 'en']
}

/** The source of a default value typed in the editor, noted in the calculator's language. */
export function handSetSource(language: CalculatorLanguage | undefined): ParameterSource {
  return { kind: 'assumption', note: editTexts(language).handSetNote }
}
