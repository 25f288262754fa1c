import { describe, expect, it } from 'vitest'
import { emailLanguageFromAcceptLanguage } from './accept-language.ts'

describe("a new seller's e-mail language from Accept-Language", () => {
  it.each([
    ['sv-SE,sv;q=0.9,en-US;q=0.8,en;q=0.7', 'sv'],
    ['sv', 'sv'],
    ['SV-se', 'sv'],
    ['de-DE,sv;q=0.8', 'sv'],
    ['en;q=0.5, sv;q=0.6', 'sv'],
    ['sv, en', 'sv'],
  ] as const)('%j prefers Swedish', (header, language) => {
    expect(emailLanguageFromAcceptLanguage(header)).toBe(language)
  })

  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['en-US,en;q=0.9,sv;q=0.8', 'en'],
    ['en, sv', 'en'],
    ['de-DE,de;q=0.9', 'en'],
    ['sv;q=0', 'en'],
    ['sv;q=abc', 'en'],
    ['*', 'en'],
    // Only the first entry of a language counts: English (1) is named before the second sv.
    ['en,sv;q=0.1,sv', 'en'],
  ] as const)('%j keeps English', (header, language) => {
    expect(emailLanguageFromAcceptLanguage(header)).toBe(language)
  })
})
