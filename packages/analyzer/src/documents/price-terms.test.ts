// A price formula too long for the calculator: the choices that repeat a rate already offered go
// first (a role's hourly rate listed under several services), then every choice, never a stated fee.
import { describe, expect, it } from 'vitest'
import { PriceTerms } from './price-terms.ts'

const at = (page: number, quote: string) => ({ page, quote })

function schedule(fees: number, roles: readonly (readonly [string, number])[], services: readonly string[]): PriceTerms {
  const terms = new PriceTerms('USD', new Set(), new Map())
  for (let index = 0; index < fees; index += 1) {
    const fee = terms.money(`Managed service line number ${index + 1} — monthly fee`, 1_000 + index, 'USD', at(1, `Line ${index + 1}`))
    terms.term('year', [fee], { factor: 12 })
  }
  for (const service of services)
    for (const [role, rate] of roles) {
      const amount = terms.money(`${role}, ${service}`, rate, 'USD', at(2, `${role} at $${rate} / hour`))
      const hours = terms.quantity(`Hours of ${role.toLowerCase()} for ${service.toLowerCase()}`, 0, 'hours', 'h')
      terms.term('year', [amount, hours])
    }
  return terms
}

describe('a price formula too long for the calculator', () => {
  it('keeps one hourly service per rate and every stated fee', () => {
    const roles = [
      ['Project Manager', 150],
      ['Senior Engineer', 200],
      ['Data Analyst', 95],
    ] as const
    const services = ['Discretionary Enhancements', 'Migration Support', 'Reporting Changes', 'Security Reviews', 'Vendor Onboarding']
    const yearly = schedule(40, roles, services).yearly
    expect(yearly?.formula.length).toBeLessThanOrEqual(2_000)
    expect(yearly?.amount).toBe(12 * (40 * 1_000 + (39 * 40) / 2))
    for (let index = 1; index <= 40; index += 1)
      expect(yearly?.formula).toMatch(new RegExp(`\\bmanagedServiceLineNumber${index === 1 ? '' : index}\\b`))
    // Each rate once, with the hours it is multiplied by.
    expect(yearly?.formula).toMatch(/projectManagerDiscretionaryEnhancements \* /u)
    expect(yearly?.formula).toMatch(/seniorEngineerDiscretionaryEnhancements \* /u)
    expect(yearly?.formula).toMatch(/dataAnalystDiscretionaryEnhancements \* /u)
    expect(yearly?.formula).not.toMatch(/MigrationSupport/u)
  })

  it('keeps every choice when the formula has room for them', () => {
    const yearly = schedule(3, [['Konsult', 1_100]], ['Förvaltning', 'Utveckling']).yearly
    expect(yearly?.formula).toMatch(/konsultForvaltning \* /u)
    expect(yearly?.formula).toMatch(/konsultUtveckling \* /u)
  })
})
