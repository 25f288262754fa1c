import { describe, expect, it } from 'vitest'
import { createQuoteChecker } from './source-quotes.ts'

const document = createQuoteChecker({
  kind: 'document',
  language: 'en',
  pages: [
    { page: 1, text: 'Setup takes 2–3 weeks.\nSupport is included.' },
    { page: 2, text: 'Each  seat costs\n“€40” per month. Re\u00ADsponse within 4 hours.' },
  ],
})

describe('createQuoteChecker', () => {
  it('keeps a quote found on its page, in the wording of the text', () => {
    expect(document.check({ kind: 'document', quote: 'EACH SEAT COSTS "€40" per month.', page: 2 })).toEqual({
      kind: 'document',
      quote: 'Each seat costs “€40” per month.',
      page: 2,
    })
  })

  it('corrects the page of a quote found elsewhere in the document', () => {
    expect(document.check({ kind: 'document', quote: 'Setup takes 2-3 weeks', page: 2 })).toEqual({
      kind: 'document',
      quote: 'Setup takes 2–3 weeks',
      page: 1,
    })
  })

  it('ignores a soft hyphen left by extraction and a quote wrapped in quotation marks', () => {
    expect(document.check({ kind: 'document', quote: '"Response within 4 hours."', page: 2 })).toEqual({
      kind: 'document',
      quote: 'Response within 4 hours.',
      page: 2,
    })
  })

  it('turns a reworded quote, an empty quote or a missing source into an assumption', () => {
    const assumption = { kind: 'assumption', note: 'Assumption — no figure in the document' }
    expect(document.check({ kind: 'document', quote: 'Setup takes three weeks', page: 1 })).toEqual(assumption)
    expect(document.check({ kind: 'document', quote: ' … ', page: 1 })).toEqual(assumption)
    expect(document.check(undefined)).toEqual(assumption)
  })

  it('leaves an assumption as the model wrote it', () => {
    expect(document.check({ kind: 'assumption', note: 'Typical for the industry.' })).toEqual({
      kind: 'assumption',
      note: 'Typical for the industry.',
    })
  })

  it('checks a description quote against the whole description, in the chosen language', () => {
    const description = createQuoteChecker({
      kind: 'description',
      language: 'sv',
      pages: [
        { page: 1, text: 'Vi har 12 konsulter.' },
        { page: 2, text: 'De fakturerar 900 kr i timmen.' },
      ],
    })
    expect(description.check({ kind: 'description', quote: 'de fakturerar 900 kr i timmen' })).toEqual({
      kind: 'description',
      quote: 'De fakturerar 900 kr i timmen',
    })
    expect(description.check({ kind: 'description', quote: 'De fakturerar 1000 kr i timmen' })).toEqual({
      kind: 'assumption',
      note: 'Antagande — ingen siffra i beskrivningen',
    })
  })
})
