import { describe, expect, it } from 'vitest'
import { readQuantities } from '../read/quantities.ts'
import { assignRoles } from './roles.ts'

function roleOf(text: string, written: string, language: 'en' | 'sv' = 'en') {
  const quantities = readQuantities([{ page: 1, text }], { dollar: 'USD', rand: false, swedish: language === 'sv', language })
  const found = assignRoles(quantities, text).find((entry) => entry.quantity.text.startsWith(written))
  if (found === undefined) throw new Error(`no "${written}" in ${JSON.stringify(quantities.map((quantity) => quantity.text))}`)
  return found.role
}

describe('assignRoles: the offer named by a Swedish compound', () => {
  it('reads "vår bokningstjänst kostar" and "vårt larmsystem kostar" as the price', () => {
    expect(roleOf('Därtill kostar vår bokningstjänst 1 900 kr i månaden.', '1 900', 'sv')).toEqual({ role: 'price', what: 'recurring' })
    expect(roleOf('Ni har 12 lokaler, och vårt larmsystem kostar 450 kr per lokal och månad.', '450', 'sv').role).toBe('price')
  })
})

describe('assignRoles: a share the customer can give up', () => {
  it('reads "kan ni lämna en tredjedel av lagret" and "you can vacate 40 % of the floor" as reductions', () => {
    expect(roleOf('Med bättre plock kan ni lämna 30 % av lagerytan.', '30 %', 'sv')).toEqual({ role: 'effect', what: 'reduction' })
    expect(roleOf('With desk booking you can vacate 40% of the floor space.', '40%')).toEqual({ role: 'effect', what: 'reduction' })
  })
})

describe('assignRoles: a sentence that is only an amount per thing', () => {
  it('reads "$2.40 per parcel." and "18 kr per faktura." standing alone as the price per use', () => {
    expect(roleOf('Couriers lose 3% of parcels. Each claim costs you $60. $2.40 per parcel.', '$2.40')).toEqual({
      role: 'price',
      what: 'perUse',
    })
    expect(roleOf('Ni skickar 5 000 fakturor i månaden. 18 kr per faktura.', '18 kr', 'sv')).toEqual({ role: 'price', what: 'perUse' })
  })
})

describe('assignRoles: a price clause whose verb the next amount borrows', () => {
  it('reads the second amount of "X kostar A och Y B" and "X are A each and Y B" as a price', () => {
    const sv = 'Mätarna kostar 900 kr styck (engång) och appen 1 200 kr per år.'
    expect(roleOf(sv, '900', 'sv').role).toBe('price')
    expect(roleOf(sv, '1 200', 'sv')).toEqual({ role: 'price', what: 'recurring' })
    const en = 'Our sensors cost $40 each and the portal $300 a month.'
    expect(roleOf(en, '$300')).toEqual({ role: 'price', what: 'recurring' })
  })

  it('keeps an amount with its own verb after "and" as it is', () => {
    expect(roleOf('Our sensors cost $40 each, and your pickers earn $22 an hour.', '$22').role).toBe('baseline')
  })
})

describe('assignRoles: a change stated as an amount of more or fewer things', () => {
  it('reads "ger 30 fler bokningar i veckan" and "brings 12 more orders per rep" as the change itself', () => {
    expect(roleOf('Vår chatt ger i snitt 30 fler bokningar i veckan.', '30', 'sv')).toEqual({ role: 'effect', what: 'direct' })
    expect(roleOf('The portal brings 12 more orders per rep a month.', '12')).toEqual({ role: 'effect', what: 'direct' })
  })

  it('keeps a plain count the customer has as a baseline', () => {
    expect(roleOf('Ni har 30 bokningar i veckan och fler kommer.', '30', 'sv').role).toBe('baseline')
  })
})

describe('assignRoles: a longer stay is no amount of things', () => {
  it('does not read "stays six more months" as a change in things', () => {
    expect(roleOf('A tenant we keep stays six more months on average.', 'six')).not.toEqual({ role: 'effect', what: 'direct' })
  })
})
