import { describe, expect, it } from 'vitest'
import { editTexts, handSetSource } from './edit-texts.ts'

describe("a saved edit, in the calculator's language", () => {
  it('is Swedish for a Swedish calculator and English otherwise', () => {
    expect(editTexts('sv').savedTitle).toBe('Kalkylatorn är uppdaterad')
    expect(editTexts('en').savedTitle).toBe('Calculator updated')
    expect(editTexts(undefined)).toEqual(editTexts('en'))
    expect(handSetSource('sv')).toEqual({ kind: 'assumption', note: 'Angivet för hand i redigeraren.' })
    expect(handSetSource(undefined)).toEqual({ kind: 'assumption', note: 'Set by hand in the editor.' })
  })
})
