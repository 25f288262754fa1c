import { describe, expect, it } from 'vitest'
import { createQuoteLocator } from './source-quotes.ts'

const document = createQuoteLocator({
  kind: 'document',
  pages: [
    { page: 1, text: 'Setup takes 2–3 weeks.\nSupport is included.' },
    { page: 2, text: 'Each  seat costs\n“€40” per month. Re\u00ADsponse within 4 hours.' },
  ],
})

describe('createQuoteLocator', () => {
  it('keeps a quote found on its page, in the wording of the text', () => {
    expect(document.locate({ kind: 'document', quote: 'EACH SEAT COSTS "€40" per month.', page: 2 })).toEqual({
      kind: 'document',
      quote: 'Each seat costs “€40” per month.',
      page: 2,
    })
  })

  it('corrects the page of a quote found elsewhere in the document', () => {
    expect(document.locate({ kind: 'document', quote: 'Setup takes 2-3 weeks', page: 2 })).toEqual({
      kind: 'document',
      quote: 'Setup takes 2–3 weeks',
      page: 1,
    })
  })

  it('ignores a soft hyphen left by extraction and a quote wrapped in quotation marks', () => {
    expect(document.locate({ kind: 'document', quote: '"Response within 4 hours."', page: 2 })).toEqual({
      kind: 'document',
      quote: 'Response within 4 hours.',
      page: 2,
    })
  })

  it('leaves a reworded quote as it is, for the honesty checks to report', () => {
    const reworded = { kind: 'document', quote: 'Setup takes three weeks', page: 1 } as const
    expect(document.locate(reworded)).toEqual(reworded)
    expect(document.locate({ kind: 'document', quote: ' … ', page: 1 })).toEqual({ kind: 'document', quote: ' … ', page: 1 })
  })

  it('leaves an assumption as the model wrote it', () => {
    expect(document.locate({ kind: 'assumption', note: 'Typical for the industry.' })).toEqual({
      kind: 'assumption',
      note: 'Typical for the industry.',
    })
  })

  it('marks a quote found on a page read by text recognition, and only that one', () => {
    const scanned = createQuoteLocator({
      kind: 'document',
      pages: [
        { page: 1, text: 'Monthly fee: $450.' },
        { page: 2, text: 'Deduct for gooseneck pedestal <$ 1,071.00>', ocr: true },
      ],
    })
    expect(scanned.locate({ kind: 'document', quote: 'gooseneck pedestal <$ 1,071.00>', page: 1 })).toEqual({
      kind: 'document',
      quote: 'gooseneck pedestal <$ 1,071.00>',
      page: 2,
      ocr: true,
    })
    expect(scanned.locate({ kind: 'document', quote: 'Monthly fee: $450.', page: 2, ocr: true })).toEqual({
      kind: 'document',
      quote: 'Monthly fee: $450.',
      page: 1,
    })
  })

  it('checks a description quote against the whole description and gives it the description kind', () => {
    const description = createQuoteLocator({
      kind: 'description',
      pages: [
        { page: 1, text: 'Vi har 12 konsulter.' },
        { page: 2, text: 'De fakturerar 900 kr i timmen.' },
      ],
    })
    expect(description.locate({ kind: 'document', quote: 'de fakturerar 900 kr i timmen', page: 2 })).toEqual({
      kind: 'description',
      quote: 'De fakturerar 900 kr i timmen',
    })
    expect(description.locate({ kind: 'description', quote: 'De fakturerar 1000 kr i timmen' })).toEqual({
      kind: 'description',
      quote: 'De fakturerar 1000 kr i timmen',
    })
  })
})
