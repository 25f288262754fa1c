import type { NotificationSettings } from '@valueproof/contracts'
import { describe, expect, it } from 'vitest'
import { rolledBack, settled, withChange } from './settings-change.ts'

const allOn: NotificationSettings = { firstOpen: true, laterOpens: true, agreed: true, pdfDownloaded: true, weeklyDigest: true }

describe("a switch's change to the e-mail notifications", () => {
  it('shows the change at once, to its kind only', () => {
    expect(withChange(allOn, { kind: 'agreed', on: false })).toEqual({ ...allOn, agreed: false })
  })

  it("is undone when the server refuses it, leaving another switch's change in flight as shown", () => {
    const shown = { ...allOn, agreed: false, weeklyDigest: false }
    expect(rolledBack(shown, { kind: 'agreed', on: false }, true)).toEqual({ ...allOn, weeklyDigest: false })
  })

  it('is not undone over a later change of the same switch', () => {
    // Turned off, then on again before the first save failed: the later change settles the switch.
    const shown = { ...allOn, agreed: true }
    expect(rolledBack(shown, { kind: 'agreed', on: false }, true)).toEqual(shown)
  })

  it("takes its kind from the server's answer and keeps the other switches as shown", () => {
    const shown = { ...allOn, agreed: false, weeklyDigest: false }
    // The server's answer was written before the weekly digest's own change arrived.
    const answer = { ...allOn, agreed: false }
    expect(settled(shown, { kind: 'agreed', on: false }, answer)).toEqual(shown)
    expect(settled({ ...allOn, pdfDownloaded: false }, { kind: 'pdfDownloaded', on: false }, allOn)).toEqual(allOn)
  })

  it('does not let an earlier answer overwrite a later change of the same switch', () => {
    const shown = { ...allOn, agreed: true }
    expect(settled(shown, { kind: 'agreed', on: false }, { ...allOn, agreed: false })).toEqual(shown)
  })
})
