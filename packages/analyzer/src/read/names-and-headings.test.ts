import { describe, expect, it } from 'vitest'
import { nameOrHeading } from './names-and-headings.ts'

const at = (text: string, word: string): boolean => {
  const start = text.indexOf(word)
  return nameOrHeading(text, start, start + word.length)
}

describe('number words that name or head something', () => {
  it('takes a capitalised number word inside a sentence before a capitalised word as a name', () => {
    expect(at('Powered by Twelve Labs Pegasus', 'Twelve')).toBe(true)
    expect(at('Vi anlitar Tolv Konsulter AB', 'Tolv')).toBe(true)
  })

  it('takes a number word in capitals before a word in capitals as a heading', () => {
    expect(at('SOLUTION: THREE COMPLIANCE CAPABILITIES', 'THREE')).toBe(true)
  })

  it('keeps counts: a sentence start, a lower-case noun, a heading word after a capitalised one', () => {
    expect(at('Three complimentary tickets are included.', 'Three')).toBe(false)
    expect(at('We sell well. Three Engineers joined.', 'Three')).toBe(false)
    expect(at('Our team of twelve people', 'twelve')).toBe(false)
    expect(at('Tolv konsulter arbetar', 'Tolv')).toBe(false)
    expect(at('THREE engineers', 'THREE')).toBe(false)
  })
})
