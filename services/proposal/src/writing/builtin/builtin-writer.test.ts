import { PROPOSAL_TEMPLATE_TYPES } from '@valueproof/contracts'
import { formatMoney, validateCalculatorData, type CalculatorData, type CalculatorDataInput } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import {
  invoiceAutomationCalculator,
  invoiceAutomationInput,
  leadValueCalculator,
  supportTriageCalculator,
  supportTriageInput,
} from '../../testing/calculators.ts'
import { NO_COMPANY, NO_CONTACT, type SellerProfile } from '../../domain/accounts.ts'
import { formatWithUnit, formulaInWords } from '../figures.ts'
import { detectLanguage } from '../language.ts'
import type { ProposalSections } from '../types.ts'
import { writeBuiltin } from './index.ts'

function calculator(input: CalculatorDataInput): CalculatorData {
  const validation = validateCalculatorData(input)
  if (!validation.ok) throw new Error(validation.problems.map((problem) => problem.message).join('; '))
  return validation.calculatorData
}

const allText = (sections: ProposalSections) => Object.values(sections).join('\n')

/** Every section written and clean; the contact line may be null (nothing to name) but never empty. */
function expectSound(sections: ProposalSections): void {
  for (const [section, text] of Object.entries<string | null>({ ...sections })) {
    if (section === 'contactInformation' && text === null) continue
    expect(text?.trim(), section).not.toBe('')
    expect(text, section).not.toMatch(/lorem|ipsum|undefined|NaN|\[object/i)
  }
}

describe('the built-in writer in English', () => {
  const support = calculator(supportTriageCalculator)

  it('writes a standard proposal from the calculator figures, labels and the input', () => {
    const sections = writeBuiltin({
      calculatorData: support,
      input: supportTriageInput,
      templateType: 'standard',
      language: 'en',
      contact: undefined,
    })
    expectSound(sections)
    expect(sections.title).toBe('Proposal: Support triage automation')
    // $3,240 a week → $14,040 a month, $168,480 a year, $505,440 over three years.
    expect(sections.executiveSummary).toContain(`you save an estimated ${formatMoney(168_480, 'USD')} per year`)
    expect(sections.executiveSummary).toContain('$14,040 per month')
    expect(sections.executiveSummary).toContain('$505,440 over three years')
    expect(sections.executiveSummary).toContain('Support agents: 12 agents')
    expect(sections.executiveSummary).toContain('Cost of an agent hour: $45')
    expect(sections.problemStatement).toContain(
      'Your support team of 12 agents spends about 6 hours per agent every week sorting incoming tickets by hand',
    )
    expect(sections.problemStatement).toContain('about $3,240 is spent every week that could be saved')
    expect(sections.solutionOverview).toContain('Our triage service reads each ticket')
    expect(sections.solutionOverview).toContain('Support agents × Hours saved per agent per week × Cost of an agent hour')
    expect(sections.valueProposition).toContain('$14,040 per month, $168,480 per year and $505,440 over three years')
    // No contact details: no written line that names nobody; the page shows its own neutral one.
    expect(sections.contactInformation).toBeNull()
  })

  it('writes a shorter executive brief that leads with the figures', () => {
    const standard = writeBuiltin({
      calculatorData: support,
      input: supportTriageInput,
      templateType: 'standard',
      language: 'en',
      contact: undefined,
    })
    const brief = writeBuiltin({
      calculatorData: support,
      input: supportTriageInput,
      templateType: 'executive',
      language: 'en',
      contact: undefined,
    })
    expectSound(brief)
    expect(brief.title).toBe('Executive brief: Support triage automation')
    expect(brief.executiveSummary.startsWith('Based on the calculator')).toBe(true)
    expect(brief.valueProposition).toBe('$14,040 per month · $168,480 per year · $505,440 over three years.')
    expect(brief.callToAction).toContain('$14,040 per month')
    expect(allText(brief).length).toBeLessThan(allText(standard).length)
  })

  it('names the Pro company in the contact line', () => {
    const sections = writeBuiltin({
      calculatorData: support,
      input: '',
      templateType: 'standard',
      language: 'en',
      contact: { ...NO_CONTACT, companyName: 'Acme AB', companyLogo: null, companyWebsite: 'https://acme.example' },
    })
    expect(sections.contactInformation).toBe('Contact Acme AB at https://acme.example to discuss the next steps.')
    // No input: nothing is quoted, and nothing is made up in its place.
    expect(sections.problemStatement).not.toContain('starting point')
    expect(sections.solutionOverview).not.toContain('What we propose')
    expectSound(sections)
  })

  // Issue 15: the proposal quotes the seller's values (the calculator's startValues), not the defaults.
  it.each(PROPOSAL_TEMPLATE_TYPES)("writes the %s template from the seller's starting values", (templateType) => {
    const edited = calculator({ ...supportTriageCalculator, startValues: { agents: 7, hourlyCost: 60 } })
    const sections = writeBuiltin({ calculatorData: edited, input: '', templateType, language: 'en', contact: undefined })
    expectSound(sections)
    // 7 agents × 6 hours × $60 = $2,520 a week → $10,920 a month, $131,040 a year.
    const text = allText(sections)
    expect(text).toContain('$10,920 per month')
    expect(text).toContain('$131,040 per year')
    expect(text).not.toContain('$14,040')
    // Both templates lead with the values the figures rest on, as 'label: value'.
    expect(sections.executiveSummary).toContain('Support agents: 7 agents')
    expect(sections.executiveSummary).toContain('Cost of an agent hour: $60')
  })

  it('leads a value calculator with its key figures', () => {
    const sections = writeBuiltin({
      calculatorData: calculator(leadValueCalculator),
      input: '',
      templateType: 'standard',
      language: 'en',
      contact: undefined,
    })
    expectSound(sections)
    expect(sections.executiveSummary).toContain('Extra revenue per year — comes to $120,000')
    expect(sections.valueProposition).toContain('Extra revenue per month: $10,000; Extra revenue per year: $120,000')
    expect(sections.valueProposition).toContain('Close rate: 10%')
  })
})

describe('the built-in writer in Swedish', () => {
  const invoices = calculator(invoiceAutomationCalculator)

  it.each(PROPOSAL_TEMPLATE_TYPES)('writes the %s template in Swedish with Swedish money formats', (templateType) => {
    const sections = writeBuiltin({
      calculatorData: invoices,
      input: invoiceAutomationInput,
      templateType,
      language: 'sv',
      contact: undefined,
    })
    expectSound(sections)
    const text = allText(sections)
    // 5 × 8 h × 450 kr = 18 000 kr a week → 78 000 kr a month, 936 000 kr a year (sv-SE: no-break spaces).
    expect(text).toContain(`${formatMoney(936_000, 'SEK')} per år`)
    expect(text).toContain(`${formatMoney(78_000, 'SEK')} per månad`)
    expect(text).toContain(`${formatMoney(2_808_000, 'SEK')} på tre år`)
    expect(text).not.toMatch(/\b(the|and|you|per year|proposal)\b/i)
    expect(sections.contactInformation).toBeNull()
  })

  it('quotes the input and the inputs with their units in the standard proposal', () => {
    const sections = writeBuiltin({
      calculatorData: invoices,
      input: invoiceAutomationInput,
      templateType: 'standard',
      language: 'sv',
      contact: undefined,
    })
    expect(sections.title).toBe('Förslag: Automatiserad fakturahantering')
    expect(sections.executiveSummary).toContain(`sparar ni uppskattningsvis ${formatMoney(936_000, 'SEK')} per år`)
    expect(sections.executiveSummary).toContain(`Timkostnad: ${formatMoney(450, 'SEK')}`)
    expect(sections.executiveSummary).toContain('Antal medarbetare: 5 personer')
    expect(sections.problemStatement).toContain('Ekonomiavdelningen lägger i dag åtta timmar per person och vecka')
    expect(sections.solutionOverview).toContain('Vår tjänst läser fakturorna automatiskt')
    expect(sections.solutionOverview).toContain('Antal medarbetare × Sparade timmar per vecka och medarbetare × Timkostnad')
  })

  it('titles the executive brief as a Beslutsunderlag', () => {
    const sections = writeBuiltin({
      calculatorData: invoices,
      input: invoiceAutomationInput,
      templateType: 'executive',
      language: 'sv',
      contact: { ...NO_CONTACT, companyName: 'Exempel AB', companyLogo: null, companyWebsite: null },
    })
    expect(sections.title).toBe('Beslutsunderlag: Automatiserad fakturahantering')
    expect(sections.contactInformation).toBe('Kontakta Exempel AB för att gå vidare.')
  })
})

describe("the contact line names the seller's contact details", () => {
  const support = calculator(supportTriageCalculator)
  const invoices = calculator(invoiceAutomationCalculator)
  const anna: SellerProfile = {
    ...NO_COMPANY,
    contactName: 'Anna Berg',
    contactEmail: 'anna@acme.example',
    contactPhone: '+46 70 123 45 67',
  }
  const contactLine = (
    contact: SellerProfile | undefined,
    language: 'en' | 'sv',
    calculatorData = language === 'en' ? support : invoices,
  ) => writeBuiltin({ calculatorData, input: '', templateType: 'standard', language, contact }).contactInformation

  it.each([
    [anna, 'Contact Anna Berg at anna@acme.example or +46 70 123 45 67 to discuss the next steps.'],
    [
      { ...anna, companyName: 'Acme AB' },
      'Contact Anna Berg, Acme AB, at anna@acme.example or +46 70 123 45 67 to discuss the next steps.',
    ],
    [{ ...anna, contactPhone: null }, 'Contact Anna Berg at anna@acme.example to discuss the next steps.'],
    [{ ...anna, contactEmail: null, contactPhone: null }, 'Contact Anna Berg to discuss the next steps.'],
    [{ ...anna, contactName: null }, 'Contact us at anna@acme.example or +46 70 123 45 67 to discuss the next steps.'],
    // The website stands in only when there is neither an e-mail nor a phone.
    [
      { ...anna, contactName: null, contactEmail: null, companyWebsite: 'https://acme.example' },
      'Contact us at +46 70 123 45 67 to discuss the next steps.',
    ],
    // Nothing to name: no line at all, rather than one pointing the prospect back at nobody.
    [{ ...NO_COMPANY, ...NO_CONTACT, contactName: '  ' }, null],
    [undefined, null],
  ])('in English: %j', (contact, line) => {
    expect(contactLine(contact, 'en')).toBe(line)
  })

  it.each([
    [anna, 'Kontakta Anna Berg på anna@acme.example eller +46 70 123 45 67 för att gå vidare.'],
    [
      { ...anna, companyName: 'Exempel AB' },
      'Kontakta Anna Berg, Exempel AB, på anna@acme.example eller +46 70 123 45 67 för att gå vidare.',
    ],
    [{ ...anna, contactName: null, contactEmail: null }, 'Kontakta oss på +46 70 123 45 67 för att gå vidare.'],
    [{ ...anna, contactEmail: null, contactPhone: null }, 'Kontakta Anna Berg för att gå vidare.'],
    [{ ...NO_COMPANY, ...NO_CONTACT, companyWebsite: ' ' }, null],
    [undefined, null],
  ])('in Swedish: %j', (contact, line) => {
    expect(contactLine(contact, 'sv')).toBe(line)
  })

  it('is the same in both templates', () => {
    const executive = writeBuiltin({ calculatorData: support, input: '', templateType: 'executive', language: 'en', contact: anna })
    expect(executive.contactInformation).toBe(contactLine(anna, 'en'))
    const unnamed = writeBuiltin({ calculatorData: support, input: '', templateType: 'executive', language: 'sv', contact: undefined })
    expect(unnamed.contactInformation).toBeNull()
  })
})

describe('detectLanguage', () => {
  it("follows the calculator's own words", () => {
    expect(detectLanguage(calculator(supportTriageCalculator), '')).toBe('en')
    expect(detectLanguage(calculator(invoiceAutomationCalculator), '')).toBe('sv')
    // The calculator decides even when the input is in the other language.
    expect(detectLanguage(calculator(supportTriageCalculator), invoiceAutomationInput)).toBe('en')
  })

  it('asks the input only when the calculator says nothing either way, and defaults to English', () => {
    const wordless = calculator({ name: 'X', formula: 'a', parameters: [{ name: 'a', label: 'A', defaultValue: 1 }] })
    expect(detectLanguage(wordless, invoiceAutomationInput)).toBe('sv')
    expect(detectLanguage(wordless, '')).toBe('en')
  })
})

describe('figures', () => {
  it('formats values with money, rate, percent and plain units', () => {
    expect(formatWithUnit(150, '$/hour', { currency: 'USD', language: 'en' })).toBe('$150/hour')
    expect(formatWithUnit(450, 'kr/timme', { currency: 'SEK', language: 'sv' })).toBe(`${formatMoney(450, 'SEK')}/timme`)
    expect(formatWithUnit(40, '%', { currency: 'USD', language: 'en' })).toBe('40%')
    expect(formatWithUnit(40, '%', { currency: 'SEK', language: 'sv' })).toBe('40 %')
    expect(formatWithUnit(1_500, 'hours', { currency: 'USD', language: 'en' })).toBe('1,500 hours')
    expect(formatWithUnit(2_500, undefined, { currency: 'EUR', language: 'en', prefix: 'EUR' })).toBe(formatMoney(2_500, 'EUR'))
  })

  it('reads a formula with labels and operator signs', () => {
    const labels = new Map([
      ['hours', 'Hours saved'],
      ['rate', 'Hourly rate'],
    ])
    expect(formulaInWords('hours*rate / 2 + max(hours, 1)', labels)).toBe('Hours saved × Hourly rate ÷ 2 + max(Hours saved, 1)')
    expect(formulaInWords('  ', labels)).toBeUndefined()
  })
})
