// The value side of a document that claims none: the engagement's length stated in weeks, months or
// a year keeps its number and unit and is converted to weeks in the formula; a longer term (the
// agreement's years) is not a year's work.
import { describe, expect, it } from 'vitest'
import { readRoles } from '../figures/reading.ts'
import type { Language } from '../types.ts'
import { valueDomain } from './value-domains.ts'
import { valueSide } from './value-side.ts'

function consulting(text: string, language: Language) {
  const { roled } = readRoles([{ page: 1, text }], language)
  const domain = valueDomain('consulting')
  if (domain === undefined) throw new Error('no consulting domain')
  const quantities = roled.map((entry) => entry.quantity)
  const pages = [{ page: 1, text }]
  return valueSide(domain, quantities, { language, currency: language === 'sv' ? 'SEK' : 'USD', taken: new Set(), pages })
}

describe('the engagement’s length', () => {
  it('takes a length in months, converted to weeks in the formula', () => {
    const side = consulting('Uppdraget omfattar två konsulter, 40 timmar/vecka, under 6 månader.', 'sv')
    const length = side.inputs.find((input) => input.stated !== undefined && input.unit === 'månader')
    expect(length?.value).toBe(6)
    expect(side.streams[0]?.formula).toContain(`${length?.name} * 4.33333`)
  })

  it('takes a length in weeks as it is', () => {
    const side = consulting('The engagement is for 2 consultants at 40 hours/week over 12 weeks.', 'en')
    const length = side.inputs.find((input) => input.stated !== undefined && input.unit === 'weeks')
    expect(length?.value).toBe(12)
    expect(side.streams[0]?.formula).not.toContain('4.33333')
  })

  it('leaves a term longer than a year an assumption', () => {
    const side = consulting('The contract runs for 3 years with 2 consultants at 40 hours/week.', 'en')
    expect(side.inputs.some((input) => input.stated !== undefined && input.value === 3)).toBe(false)
  })

  it('does not let the length choose the reckoning: stated total hours still do', () => {
    const side = consulting('Uppdraget omfattar maximalt 600 timmar under 6 månader.', 'sv')
    expect(side.inputs.map((input) => input.value)).toContain(600)
    expect(side.inputs.some((input) => input.unit === 'månader')).toBe(false)
  })

  it('takes a total of hours stated as its two parts as the parts', () => {
    const side = consulting('Uppdraget omfattar maximalt 500 timmar, varav 350 timmar i huvuduppdraget och option på 150 timmar.', 'sv')
    expect(side.inputs.filter((input) => input.stated !== undefined).map((input) => input.value)).toEqual([350, 150])
    expect(side.streams[0]?.formula).toMatch(/^\(\w+ \+ \w+\) \* /u)
    expect(side.streams[0]?.yearly).toBe(500 * 900)
  })

  it('keeps a total whose other hours do not add up to it', () => {
    const side = consulting('The engagement is estimated at 320 hours in total; the project phase alone is about 200 hours.', 'en')
    expect(side.inputs.filter((input) => input.stated !== undefined).map((input) => input.value)).toEqual([320])
  })

  it('reads the length in a sentence wrapped onto a new line with the line it continues', () => {
    const text = [
      'Två konsulter, 40 timmar/vecka.',
      'Uppdraget startar i mars med möjlighet till förlängning med',
      'upp till 9 månader.',
    ].join('\n')
    const side = consulting(text, 'sv')
    expect(side.inputs.find((input) => input.unit === 'månader')?.value).toBe(9)
  })

  it('leaves how long a tender binds its writer', () => {
    const side = consulting('Avropet gäller två konsulter. Anbud ska vara bindande i tre månader efter avropet.', 'sv')
    expect(side.inputs.some((input) => input.unit === 'månader')).toBe(false)
    const english = consulting('The quotation for this engagement is valid for 2 months.', 'en')
    expect(english.inputs.some((input) => input.unit === 'months')).toBe(false)
  })
})
