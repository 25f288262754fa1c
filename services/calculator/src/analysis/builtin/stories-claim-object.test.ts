// A claim whose object is a long noun phrase (issue 15): "cuts the time your team spends on invoices
// by 40%", "shortens the time it takes to close the books by 30%", "minskar tiden ni lägger på
// fakturor med 40 %". The percentage is the stated reduction in time: it drives the time-saved story
// and no assumed reduction stands in for it — the honesty checks pass.
import { describe, expect, it } from 'vitest'
import { honestyProblems } from '../honesty.ts'
import { description, figure } from './builtin-analyzer-fixtures.ts'
import { inspectAnalysis } from './inspect.ts'
import { claimObject } from './role-object.ts'

interface Case {
  readonly text: string
  readonly language: 'en' | 'sv'
  /** The words of the stated reduction. */
  readonly claim: string
  /** Hours per person per period × people × share × cost of an hour × periods per year. */
  readonly yearly: number
}

const PER_WEEK = 52
const PER_MONTH = 12

const CASES: readonly Case[] = [
  {
    text: 'Our tool cuts the time your team spends on invoices by 40%. Your team of 4 accountants spends 10 hours per week each on invoices. An accountant costs $60 per hour.',
    language: 'en',
    claim: '40%',
    yearly: 10 * 4 * 0.4 * 60 * PER_WEEK,
  },
  {
    text: 'Our tool reduces the time spent on invoices by 40%. Your team of 4 accountants spends 10 hours per week each on invoices. An accountant costs $60 per hour.',
    language: 'en',
    claim: '40%',
    yearly: 10 * 4 * 0.4 * 60 * PER_WEEK,
  },
  {
    text: 'Our assistant cuts the hours your agents spend on triage by a third. Your 6 agents each spend 12 hours a week on triage, and an agent costs $45 per hour.',
    language: 'en',
    claim: 'a third',
    yearly: (12 * 6 * 45 * PER_WEEK) / 3,
  },
  {
    text: 'Our tool reduces the number of hours your agents spend on triage by 30%. Your 6 agents each spend 12 hours a week on triage, and an agent costs $45 per hour.',
    language: 'en',
    claim: '30%',
    yearly: 12 * 6 * 0.3 * 45 * PER_WEEK,
  },
  {
    text: 'Our close software shortens the time it takes to close the books by 30%. Your 3 accountants each spend 40 hours a month closing the books, and an accountant costs $70 per hour.',
    language: 'en',
    claim: '30%',
    yearly: 40 * 3 * 0.3 * 70 * PER_MONTH,
  },
  {
    text: 'Vårt verktyg minskar tiden ni lägger på fakturor med 40 %. Ert team på 4 ekonomer lägger 10 timmar i veckan var på fakturor. En ekonom kostar 550 kr i timmen.',
    language: 'sv',
    claim: '40 %',
    yearly: 10 * 4 * 0.4 * 550 * PER_WEEK,
  },
  {
    text: 'Vår tjänst kortar tiden för bokslut med 30 %. Era 3 redovisningsekonomer lägger 40 timmar i månaden var på bokslutet, och en redovisningsekonom kostar 600 kr i timmen.',
    language: 'sv',
    claim: '30 %',
    yearly: 40 * 3 * 0.3 * 600 * PER_MONTH,
  },
  {
    text: 'Vår assistent kortar timmarna era agenter lägger på triage med en tredjedel. Era 6 agenter lägger 12 timmar i veckan var på triage, och en agent kostar 450 kr i timmen.',
    language: 'sv',
    claim: 'en tredjedel',
    yearly: (12 * 6 * 450 * PER_WEEK) / 3,
  },
  {
    text: 'Vårt verktyg minskar tiden som era handläggare spenderar på ärenden med 40 %. Era 5 handläggare lägger 15 timmar i veckan var på ärenden, och en handläggare kostar 500 kr i timmen.',
    language: 'sv',
    claim: '40 %',
    yearly: 15 * 5 * 0.4 * 500 * PER_WEEK,
  },
]

describe('a claim on a long object: the stated reduction of the time spent', () => {
  it.each(CASES)('$text', ({ text, language, claim, yearly }) => {
    const input = description(text, { language, currency: language === 'sv' ? 'SEK' : 'USD', complexity: 'balanced' })
    const report = inspectAnalysis(input)
    expect(report.story).toBe('timeSaved')
    expect(figure(report, claim)).toMatchObject({ role: 'improvement' })
    expect(figure(report, claim).use).not.toBe('unused')
    // Every default is stated: no assumed reduction (or anything else) stands in for a stated figure.
    const unstated = report.calculatorData.parameters.filter((parameter) => parameter.source?.kind === 'assumption')
    expect(unstated.map((parameter) => parameter.name)).toEqual([])
    // "a third" is read as 33.3%: within a percent of the exact third.
    expect(Math.abs(report.yearlyAtDefaults - yearly) / yearly).toBeLessThan(0.01)
    expect(honestyProblems(report.calculatorData, input)).toEqual([])
  })
})

describe('claimObject: the head of the claim verb’s object', () => {
  it.each([
    ['Our tool cuts the time your team spends on invoices by ', 'time', 'reduce'],
    ['Our close software shortens the time it takes to close the books by ', 'time', 'reduce'],
    ['We reduce the number of hours your agents spend on triage by up to ', 'time', 'reduce'],
    ['Our reminders reduce the number of no-shows by ', 'loss', 'reduce'],
    ['Our checks reduce processing errors by ', 'loss', 'reduce'],
    ['Our campaigns boost the revenue your shop makes by ', 'revenue', 'increase'],
    ['Vårt verktyg minskar tiden ni lägger på fakturor med ', 'time', 'reduce'],
    ['Vår tjänst kortar tiden för bokslut med ', 'time', 'reduce'],
    ['Vi minskar kostnaden för utskrifter med cirka ', 'cost', 'reduce'],
  ] as const)('"%s" → %s, %s', (before, target, direction) => {
    expect(claimObject(before)).toEqual({ target, direction })
  })

  it.each([
    // Not the size of a change: the nearest naming word decides.
    'Our tool cuts the time your team spends on invoices to ',
    // The figure's subject stands in its own clause.
    'We reduce errors, and handling time falls by ',
    'Handläggningstiden minskar med ',
    // The head names nothing ("rate"): the nearest word ("close") decides.
    'Our coaching improves the close rate by ',
    'Your team spends 10 hours a week on invoices by ',
  ])('"%s" → undefined', (before) => {
    expect(claimObject(before)).toBeUndefined()
  })
})
