import { describe, expect, it } from 'vitest'
import { readDocument } from './document-reading.ts'
import { isPlaceholderLine, lineMarker, readTemplate } from './placeholders.ts'

const TEMPLATE = `How We Can Help

Company Name

Introduction

Some introductory text. Because introductions can be helpful.

A Subhead

Some more fun subtext to describe the subhead in more detail.

Cost & Timeline

Some intro text.

Title\t\t\t$10,000 / 8-10 weeks

Some explanation text.`

describe('placeholders', () => {
  it('tells template text from form prompts and ordinary text', () => {
    expect(lineMarker('Some intro text.')).toBe('template')
    expect(lineMarker('Lorem ipsum dolor sit amet')).toBe('template')
    expect(lineMarker('Prepared for [Client Name]')).toBe('template')
    expect(lineMarker('A Subhead')).toBe('template')
    expect(lineMarker('Klicka eller tryck här för att ange text.')).toBe('prompt')
    expect(lineMarker('dated as of [•], 2020, between')).toBeUndefined()
    expect(lineMarker('Our consultants cost $150 / hour.')).toBeUndefined()
  })

  it('finds a document dominated by placeholders', () => {
    expect(readTemplate([{ page: 1, text: TEMPLATE }]).dominated).toBe(true)
    const offer = 'Offer\nWe deliver 3 workshops.\nPrice: $5,000.\nSome intro text.\nTimeline: 4 weeks.\nContact: sales.\nTerms apply.'
    expect(readTemplate([{ page: 1, text: offer }]).dominated).toBe(false)
  })

  it('sees a price whose only context is a template label as a placeholder', () => {
    expect(isPlaceholderLine('Title\t\t\t$10,000 / 8-10 weeks', ['$10,000', '8-10 weeks'], true)).toBe(true)
    expect(isPlaceholderLine('Title$10,000', ['$10,000'], true)).toBe(true)
    expect(isPlaceholderLine('Title\t\t\t$10,000 / 8-10 weeks', ['$10,000', '8-10 weeks'], false)).toBe(false)
    expect(isPlaceholderLine('Website redesign $10,000', ['$10,000'], true)).toBe(false)
  })
})

describe('readDocument', () => {
  it("keeps a placeholder template's figures, each marked as an example figure", () => {
    const reading = readDocument([{ page: 1, text: TEMPLATE }])
    expect(reading.figures.map((figure) => [figure.text, figure.flags.includes('example')])).toEqual(
      expect.arrayContaining([['$10,000', true]]),
    )
    expect(reading.figures.every((figure) => figure.flags.includes('example'))).toBe(true)
    expect(reading.excluded).toEqual([])
  })

  it('marks no figure of an ordinary offer as an example', () => {
    const reading = readDocument([{ page: 1, text: 'Website redesign $10,000, delivered in 8-10 weeks.' }])
    expect(reading.figures.some((figure) => figure.flags.includes('example'))).toBe(false)
  })

  it('leaves out a bare amount repeated on three pages (a stray text layer), keeping each page’s own price', () => {
    const tiers = [
      'Gold Sponsorship Tier\n$10,000\nmaximum six\n$7,500',
      'Standard Sponsorship Tier\n$10,000\nno limit\n$2,500',
      'Video Sponsor\n$10,000\nexclusive\n+$4,000',
    ]
    const prose = ['Sponsorship Prospectus', 'Conference Overview', 'Outreach', 'Diversity Statement', 'Previous Conference Photographs']
    const pages = [...prose, ...tiers].map((text, index) => ({ page: index + 1, text }))
    const reading = readDocument(pages)
    expect(reading.figures.map((figure) => figure.value).sort((a, b) => a - b)).toEqual([2_500, 4_000, 7_500])
    expect(reading.excluded.filter((excluded) => excluded.reason === 'repeatedBareAmount')).toHaveLength(3)
  })

  it('leaves out running headers and percentages in legal boilerplate', () => {
    const pages = [1, 2, 3, 4].map((page) => ({
      page,
      text: `ACME BULLETIN — serving 12 customers\nLine ${page}: we save ${page * 10} hours per week.`,
    }))
    pages.push({ page: 5, text: 'Interest accrues at 2% per annum on late payments.' })
    const reading = readDocument(pages)
    expect(reading.figures.map((figure) => figure.value).sort((a, b) => a - b)).toEqual([10, 20, 30, 40])
    expect(reading.excluded.map((excluded) => excluded.reason).sort()).toEqual([
      'boilerplatePercent',
      'repeatedLine',
      'repeatedLine',
      'repeatedLine',
      'repeatedLine',
    ])
  })

  it('detects the writing language and what "$" means', () => {
    expect(readDocument([{ page: 1, text: 'Vi erbjuder ett system som sparar tid och pengar för er.' }]).swedish).toBe(true)
    expect(readDocument([{ page: 1, text: 'All prices in AUD. Gold $7,500.' }]).scan.dollar).toBe('AUD')
    expect(readDocument([{ page: 1, text: 'All prices in USD. Gold $7,500.' }]).scan.dollar).toBe('USD')
  })

  it('ranks figures near value words above bare ones', () => {
    const reading = readDocument([
      { page: 1, text: 'We run 3 projects.\nYour team saves 10 hours per week, worth $150 per hour in staff cost.' },
    ])
    expect(reading.figures[0]?.kind).toBe('money')
    expect(reading.figures.at(-1)?.text).toBe('3 projects')
  })
})
