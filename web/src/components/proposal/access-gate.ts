// Issue 36: a protected proposal asks for its access code in the language it is shown in. The
// proposal service's 401 names that language (`{ message, language }`); the page cannot know it
// otherwise, since it has not seen the proposal yet.
import type { CalculatorLanguage } from '@valueproof/formula'
import { ApiError } from '../../api.ts'

/** SPEC §4: a 401 on loading a proposal means its access code is needed (or was not right). */
export function asksForAccessCode(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401
}

/** The language a protected proposal's 401 names; English when it names none it knows (SPEC's strings). */
export function accessGateLanguage(error: ApiError): CalculatorLanguage {
  try {
    const body: unknown = JSON.parse(error.bodyText)
    return typeof body === 'object' && body !== null && 'language' in body && body.language === 'sv' ? 'sv' : 'en'
  } catch {
    // Not JSON (a proxy's own page): nothing names a language.
    return 'en'
  }
}
