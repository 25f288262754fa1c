import { describe, expect, it } from 'vitest'
import { agreementUrl, pdfUrl, proposalImageUrl } from './proposal-links.ts'

describe("a proposal's agreement and PDF links", () => {
  it('posts the agreement to the proposal, with the access code only when one was entered', () => {
    expect(agreementUrl('abc', undefined)).toBe('/api/proposals/abc/agreement')
    expect(agreementUrl('a/b c', 'sesam & co')).toBe('/api/proposals/a%2Fb%20c/agreement?code=sesam+%26+co')
  })

  it('asks for the PDF at the scenario and the values on screen, readable back as the same JSON', () => {
    const values = { hoursSaved: 12.5, hourlyRate: 55 }
    const url = new URL(pdfUrl('p1', { scenario: 'conservative', values }, 'k0d'), 'http://localhost')
    expect(url.pathname).toBe('/api/proposals/p1/pdf')
    expect(url.searchParams.get('scenario')).toBe('conservative')
    expect(JSON.parse(url.searchParams.get('values') ?? 'null')).toEqual(values)
    expect(url.searchParams.get('code')).toBe('k0d')
  })

  it('asks for the PDF of a proposal without a calculator with no figures at all', () => {
    expect(pdfUrl('p1', undefined, undefined)).toBe('/api/proposals/p1/pdf')
  })

  it("carries the pricing table's ticked optional lines, and an empty list when none is ticked", () => {
    const url = new URL(pdfUrl('p1', undefined, undefined, ['training', 'support']), 'http://localhost')
    expect(url.searchParams.get('options')).toBe('training,support')
    expect(pdfUrl('p1', undefined, undefined, [])).toBe('/api/proposals/p1/pdf?options=')
  })

  it("loads the document's images from the proposal, with the access code it was opened with", () => {
    expect(proposalImageUrl('p1', 'img_1', undefined)).toBe('/api/proposals/p1/images/img_1')
    expect(proposalImageUrl('p1', 'a/b', 'k 0')).toBe('/api/proposals/p1/images/a%2Fb?code=k+0')
  })
})
