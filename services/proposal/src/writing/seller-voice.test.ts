import { describe, expect, it } from 'vitest'
import { isProspectSituation, isSellerVoiced, sentencesOf } from './seller-voice.ts'

describe('the seller’s own voice', () => {
  it.each([
    'We sell an HR system for mid-sized companies.',
    'Our product reads every invoice.',
    'Vi säljer ett HR-system för medelstora företag.',
    'Vår tjänst läser fakturorna automatiskt.',
    'With us, onboarding takes a day.',
    'I ran an HVAC shop in Phoenix for eleven years before building DispatchIQ.',
    'SiteLog replaces the paper site diary.',
    'Pricing: $29 per user per month.',
    'Tjänsten kostar 1 990 kr per månad.',
    'Founded in 2011 and used by 600+ contractors.',
    'Changeovers drop from 90 minutes to 25.',
    'DSO: från 52 till 38 dagar.',
    '(Use CHF 1 = EUR 1.05.)',
  ])('hears “%s” as the seller’s', (sentence) => {
    expect(isSellerVoiced(sentence)).toBe(true)
    expect(isProspectSituation(sentence)).toBe(false)
  })

  it.each([
    'Your support team of 12 agents spends about 6 hours per agent every week sorting incoming tickets by hand.',
    'Clinics see about 400 appointments per month and a 12% no-show rate.',
    'Physio clinics lose money on empty slots.',
    'Ekonomiavdelningen lägger i dag åtta timmar per person och vecka på att registrera leverantörsfakturor för hand.',
    'En vårdcentral har cirka 2 100 bokade besök i månaden.',
    'I dag lägger en platschef i snitt 45 minuter om dagen på pappersarbetet.',
  ])('takes “%s” as the prospect’s situation', (sentence) => {
    expect(isSellerVoiced(sentence)).toBe(false)
    expect(isProspectSituation(sentence)).toBe(true)
  })

  it('does not take a product’s name or a slogan without a situation as one', () => {
    expect(isProspectSituation('Marketing automation for B2B firms.')).toBe(false)
    expect(isProspectSituation('SMS appointment reminders for dental clinics.')).toBe(false)
  })

  it('reads a bullet list’s items as sentences of their own', () => {
    expect(sentencesOf('Driver coaching:\n- 60 trucks on the road\n- diesel at $4.10/gal. Rated 4.8/5.')).toEqual([
      'Driver coaching:',
      '60 trucks on the road',
      'diesel at $4.10/gal.',
      'Rated 4.8/5.',
    ])
  })
})
