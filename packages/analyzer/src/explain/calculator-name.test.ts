// Issue 15: a calculator's name becomes the proposal's title, so it names the subject — the service
// a description sells, a document's title line — and never a file name or a fragment of a claim.
import { describe, expect, it } from 'vitest'
import { calculatorName } from './calculator-name.ts'
import { textsFor } from './wording.ts'

function described(text: string, language: 'en' | 'sv' = 'en'): string {
  return calculatorName({ inputKind: 'description', pages: [{ page: 1, text }], texts: textsFor(language) })
}

function document(text: string, language: 'en' | 'sv' = 'en'): string {
  return calculatorName({ inputKind: 'document', pages: [{ page: 1, text }], texts: textsFor(language) })
}

describe("a description's subject", () => {
  it.each([
    ['Our ticket triage assistant reduces handling time by 45%. Your team handles 3,000 tickets a month.', 'Ticket triage assistant'],
    ['Switching your fleet to our route optimisation cuts fuel costs by 12%.', 'Route optimisation'],
    ["Our telematics program lowers your trucks' running cost from $0.62 to $0.47 per mile.", 'Telematics program'],
    ['Our checkout redesign lifts conversion by +0.5 percentage points.', 'Checkout redesign'],
    ['For a restaurant taking 3,000 orders a month, our WhatsApp ordering bot raises orders by 8%.', 'WhatsApp ordering bot'],
    ["I'm a freelance bookkeeper and charge $65 an hour.", 'Freelance bookkeeper'],
    [
      'Predictive maintenance for packaging lines: customers see 10–20% less unplanned downtime.',
      'Predictive maintenance for packaging lines',
    ],
  ])('names the service of %j', (text, subject) => {
    expect(described(text)).toBe(`${subject} — ROI Calculator`)
  })

  it.each([
    ['Vår molntjänst för lönehantering minskar kostnaden med 30 % jämfört med i dag.', 'Molntjänst för lönehantering'],
    ['Med vår SMS-tjänst kostar varje påminnelse 0,35 kr.', 'SMS-tjänst'],
    ['Vår app för tidrapportering sparar varje hantverkare 20 minuter per dag.', 'App för tidrapportering'],
    ['Jag är redovisningskonsult och tar 850 kr i timmen.', 'Redovisningskonsult'],
  ])('names the service of the Swedish %j', (text, subject) => {
    expect(described(text, 'sv')).toBe(`${subject} — ROI-kalkylator`)
  })

  it('keeps a short first sentence without figures, as before', () => {
    expect(described('We help dental clinics reduce no-shows with SMS reminders.')).toBe(
      'We help dental clinics reduce no-shows with SMS reminders — ROI Calculator',
    )
  })

  it.each([
    // Cut at a decimal point, these were "Our checkout … by +0" and "We deliver your parcels at $0".
    'We deliver your parcels at $0.15 per mile instead of the $0.24 per mile your current carrier charges.',
    // A claim with its figures goes stale when the seller changes the values.
    'Automating timesheet reconciliation frees 5 hours a week for each of your 12 consultants.',
    // "our customers" is not a service.
    'Our customers save 20% on every order.',
    'Pricing: Starter is $29 per user per month.',
    'Request for quotation: the city seeks a contractor.',
  ])('falls back to the neutral name for %j', (text) => {
    expect(described(text)).toBe('ROI Calculator')
  })

  it('does not name a place or a document type in Swedish', () => {
    expect(described('Vi tar över driften i vårt datacenter för 540 000 kr i månaden.', 'sv')).toBe('ROI-kalkylator')
    expect(described('Offert: Vi levererar 12 konferensdagar à 18 500 kr per dag.', 'sv')).toBe('ROI-kalkylator')
  })
})

describe("a document's title", () => {
  it('takes the first heading, joined when it wraps onto a second line', () => {
    expect(document('Check us out in action!\nAustralia’s most comprehensive and user focused\nweather service\nOur audience')).toBe(
      'Australia’s most comprehensive and user focused weather service — ROI Calculator',
    )
    expect(document('Exhibit 10.22\nTRANSITION SERVICES AGREEMENT\nThis agreement is made')).toBe(
      'Transition Services Agreement — ROI Calculator',
    )
  })

  it('drops a document type in front of the subject, and names nothing when that is all the title says', () => {
    expect(document('Offert: Automatiserad fakturahantering\nVi föreslår', 'sv')).toBe('Automatiserad fakturahantering — ROI-kalkylator')
    expect(document('Offert/Lösningsförslag till kund\nFörslag:\n● Vi utvecklar en sensor', 'sv')).toBe('ROI-kalkylator')
    expect(document('Upphandlingsdokument\n2024-11-08\nUpphandlande organisation\nRegion Dalarna', 'sv')).toBe('ROI-kalkylator')
    expect(document('Request for Quotation\nThe agency seeks')).toBe('ROI Calculator')
  })

  it('is the neutral name, never a file name, when the document has no title line', () => {
    expect(document('12 345 678 90\n$ 1 200 000\n— 3 —')).toBe('ROI Calculator')
    expect(document('', 'sv')).toBe('ROI-kalkylator')
  })
})
