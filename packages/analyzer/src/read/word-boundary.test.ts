import { describe, expect, it } from 'vitest'
import { unicodeWords } from './word-boundary.ts'

describe('unicodeWords', () => {
  it('finds Swedish words that start or end with å, ä or ö', () => {
    expect(/\b(?:ökar|år)\b/iu.test('kostnaden ökar varje år')).toBe(false)
    expect(unicodeWords(/\b(?:ökar)\b/iu).test('kostnaden ökar varje år')).toBe(true)
    expect(unicodeWords(/\bår\b/iu).test('varje år.')).toBe(true)
  })

  it('still refuses a word inside a longer one', () => {
    expect(unicodeWords(/\bår\b/iu).test('hårt arbete')).toBe(false)
    expect(unicodeWords(/\bcut\b/i).test('shortcuts')).toBe(false)
    expect(unicodeWords(/\bcut\b/i).test('we cut costs')).toBe(true)
  })
})
