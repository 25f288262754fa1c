// A calculator's name is the proposal's title: whatever heading lines reach it, it keeps the parts
// that name the offer (and the customer) and drops address blocks, contact and reference lines, form
// labels and a person's name alone, at most MAX_TITLE characters cut at a word.
import { describe, expect, it } from 'vitest'
import { MAX_TITLE, calculatorTitle } from './names.ts'

const FALLBACK = 'Value of the engagement'

describe('calculatorTitle', () => {
  it('keeps a clean name as it is', () => {
    expect(calculatorTitle('Time saved for site managers', FALLBACK)).toBe('Time saved for site managers')
    expect(calculatorTitle('Sänkta kostnader för lastbilar', 'Värde')).toBe('Sänkta kostnader för lastbilar')
  })

  it('drops an address label with its address and a contact label with its person', () => {
    expect(calculatorTitle('Job Address: Northgate Water Board Pump House #12 Attention: Dana Whitlock — ROI Calculator', FALLBACK)).toBe(
      FALLBACK,
    )
    expect(calculatorTitle('Site Address: 1420 Harbor Road\nAttn: Lee Park\nSecurity gate upgrade', FALLBACK)).toBe('Security gate upgrade')
    expect(calculatorTitle('Att: Mr. Olsen — Fleet telematics', FALLBACK)).toBe('Fleet telematics')
  })

  it('drops form labels with their values, in English and Swedish', () => {
    for (const heading of ['Date: March 3, 2025', 'Quote #: 4471', 'Kund: Fjällbo Kommun', 'Datum: 2025-03-01', 'Offertnummer 2025-118']) {
      expect(calculatorTitle(`${heading} — Cloud backup service`, FALLBACK)).toBe('Cloud backup service')
    }
  })

  it('keeps the value of a label that names the offer', () => {
    expect(calculatorTitle('Subject: Warehouse scanning rollout', FALLBACK)).toBe('Warehouse scanning rollout')
    expect(calculatorTitle('Avser: Drift av ärendesystem', 'Värde')).toBe('Drift av ärendesystem')
  })

  it('drops address blocks, post boxes, e-mail and telephone lines without a label', () => {
    expect(calculatorTitle('221 Baker Street\nPayroll outsourcing', FALLBACK)).toBe('Payroll outsourcing')
    expect(calculatorTitle('Storgatan 14, 411 38 Göteborg\nIT-drift', 'Värde')).toBe('IT-drift')
    expect(calculatorTitle('P.O. Box 118 | sales@example.com | +1 503 555 0100', FALLBACK)).toBe(FALLBACK)
  })

  it('never gives a person’s name alone or a bare "ROI Calculator"', () => {
    expect(calculatorTitle('Dana Whitlock', FALLBACK)).toBe(FALLBACK)
    expect(calculatorTitle('ROI Calculator', FALLBACK)).toBe(FALLBACK)
  })

  it('names the customer and the offer when both fit', () => {
    expect(calculatorTitle('Lakeside Clinic — Appointment reminders', FALLBACK)).toBe('Lakeside Clinic — Appointment reminders')
  })

  it('cuts a long name at a word, within the limit, without a dangling word', () => {
    const title = calculatorTitle('Managed detection and response for the regional hospital network and its outpatient clinics', FALLBACK)
    expect(title.length).toBeLessThanOrEqual(MAX_TITLE)
    expect(title).toBe('Managed detection and response for the regional hospital')
  })
})
