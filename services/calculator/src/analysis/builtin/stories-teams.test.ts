// The customer's team as the scale of time saved (issue 15): "your team of 6 analysts", "a team of
// 12 agents", "8 underwriters in your team", "ert team på 6 analytiker", and a customer writing
// "our 4 engineers". The stated number of people is the slider, never an assumed 1; what one of them
// costs is the customer's hourly cost, not the seller's price; "cuts that by 40%" is about the time
// the sentence before states. The same text in a PDF (wrapped lines under a title) reads the same.
import { createDocumentExtractor } from '@valueproof/documents'
import { describe, expect, it } from 'vitest'
import { buildPdf } from '../../../../../packages/documents/src/test-documents.ts'
import { describeText, figure, parameter } from './builtin-analyzer-fixtures.ts'
import { inspectAnalysis } from './inspect.ts'
import { scanPage } from './figures.ts'
import type { AnalysisReport } from './analysis-report.ts'

const ANALYSTS =
  'Your team of 6 analysts spends 8 hours per week each compiling management reports by hand. Our reporting tool cuts that time by 50%. An analyst costs $55 per hour.'
const ANALYTIKER =
  'Ert team på 6 analytiker lägger 8 timmar i veckan var på att sammanställa rapporter för hand. Vårt verktyg halverar den tiden. En analytiker kostar 550 kr i timmen.'

/** Hours × people × share saved × cost of an hour, per week, over 52 weeks. */
const weekly = (hours: number, people: number, share: number, hourly: number): number => hours * people * share * hourly * 52

/** The names of the parameters whose default the text does not state (an assumption, or no source at all). */
function notStated(report: AnalysisReport): string[] {
  const stated = (kind: string | undefined): boolean => kind === 'description' || kind === 'document'
  return report.calculatorData.parameters.filter((entry) => !stated(entry.source?.kind)).map((entry) => entry.name)
}

function expectTeamOfSix(report: AnalysisReport, hourly: number): void {
  expect(report.story).toBe('timeSaved')
  expect(parameter(report.calculatorData, 'numberOfPeople')).toMatchObject({ defaultValue: 6 })
  expect(parameter(report.calculatorData, 'hoursPerWeek')).toMatchObject({ defaultValue: 8 })
  expect(notStated(report)).toEqual([])
  expect(report.yearlyAtDefaults).toBeCloseTo(weekly(8, 6, 0.5, hourly), 0)
}

describe('the customer’s team is the number of people', () => {
  it('reads "your team of 6 analysts": 6 people, 8 hours each, 50%, $55 an hour, nothing assumed', () => {
    const report = describeText(ANALYSTS, { complexity: 'balanced' })
    expect(figure(report, '6 analysts')).toMatchObject({ role: 'volume', use: 'slider' })
    expect(figure(report, '$55')).toMatchObject({ role: 'baseline' })
    expect(figure(report, '50%')).toMatchObject({ role: 'improvement' })
    expectTeamOfSix(report, 55)
  })

  it('reads "ert team på 6 analytiker" and "En analytiker kostar 550 kr i timmen" as the customer’s cost', () => {
    const report = describeText(ANALYTIKER, { language: 'sv', complexity: 'balanced' })
    expect(figure(report, '550 kr')).toMatchObject({ role: 'baseline' })
    expect(figure(report, 'halverar')).toMatchObject({ role: 'improvement' })
    expectTeamOfSix(report, 550)
  })

  it.each([
    ['8 underwriters in your team spend 5 hours a week each re-keying applications.', '8 underwriters'],
    ['Your staff of 8 underwriters spend 5 hours a week each re-keying applications.', '8 underwriters'],
    ['8 utredare i ert team lägger 5 timmar i veckan var på att föra in ansökningar.', '8 utredare'],
    ['Ett team med 8 utredare lägger 5 timmar i veckan var på ansökningar.', '8 utredare'],
  ])('a job title the vocabulary does not know counts people when the text says it is a team: %s', (text, words) => {
    const [count] = scanPage(1, text, { dollar: 'USD', rand: false, swedish: /\butredare\b/u.test(text) }).filter(
      (entry) => entry.kind === 'count',
    )
    expect(count).toMatchObject({ text: words, value: 8, entity: 'person' })
  })

  it('leaves a count of things a job title it does not know as a count of things: "14 municipal buildings"', () => {
    const [count] = scanPage(1, 'The city heats 14 municipal buildings with oil.', { dollar: 'USD', rand: false, swedish: false })
    expect(count).toMatchObject({ value: 14 })
    expect(count?.entity).toBeUndefined()
  })

  it('takes what one member of an unknown title costs as the customer’s hourly cost, in Swedish', () => {
    const report = describeText(
      '8 utredare i ert team lägger 5 timmar i veckan var på att föra in ansökningar. Vårt verktyg kortar den tiden med 60 %. En utredare kostar 700 kr i timmen.',
      { language: 'sv' },
    )
    expect(figure(report, '700 kr')).toMatchObject({ role: 'baseline' })
    expect(report.yearlyAtDefaults).toBeCloseTo(weekly(5, 8, 0.6, 700), 0)
  })
})

describe('a claim that points back at the sentence before it', () => {
  it('"A team of 12 agents spends 10 hours a week each … Our tool cuts that by 40%" is time saved, not a loss', () => {
    const report = describeText(
      'A team of 12 agents spends 10 hours a week each on call notes. Our tool cuts that by 40%. An agent costs $40 per hour.',
    )
    expect(report.story).toBe('timeSaved')
    expect(figure(report, '12 agents')).toMatchObject({ use: 'slider' })
    expect(report.yearlyAtDefaults).toBeCloseTo(weekly(10, 12, 0.4, 40), 0)
  })

  it('"Ni lägger 40 000 kr i månaden på budtjänster. Vårt nätverk minskar det med 20 %" is a cost reduced', () => {
    const report = describeText('Ni lägger 40 000 kr i månaden på budtjänster. Vårt nätverk minskar det med 20 %.', { language: 'sv' })
    expect(report.story).toBe('costReduced')
    expect(report.yearlyAtDefaults).toBeCloseTo(40_000 * 0.2 * 12, 0)
  })
})

describe('"our" staff', () => {
  it('are the customer’s own when nobody is spoken to as "you" and they spend the time the tool cuts', () => {
    const report = describeText(
      'Our 4 engineers each spend 6 hours a week on deployments. The tool cuts that time by 30%. An engineer costs $90 per hour.',
    )
    expect(figure(report, '4 engineers')).toMatchObject({ role: 'volume', use: 'slider' })
    expect(report.yearlyAtDefaults).toBeCloseTo(weekly(6, 4, 0.3, 90), 0)
    const swedish = describeText(
      'Våra 4 ingenjörer lägger 6 timmar i veckan var på driftsättningar. Verktyget minskar den tiden med 30 %. En ingenjör kostar 900 kr i timmen.',
      { language: 'sv' },
    )
    expect(swedish.yearlyAtDefaults).toBeCloseTo(weekly(6, 4, 0.3, 900), 0)
  })

  it('are the seller’s when the text speaks to the customer as "you"', () => {
    const report = describeText(
      'Our 4 engineers each spend 6 hours a week keeping your pipelines running. Your team of 10 developers spends 5 hours a week each on deployments, and our tool cuts that time by 30%.',
    )
    expect(figure(report, '4 engineers')).toMatchObject({ role: 'other', use: 'unused' })
    expect(parameter(report.calculatorData, 'numberOfPeople')).toMatchObject({ defaultValue: 10 })
  })
})

describe('the same text in a PDF', () => {
  const extractor = createDocumentExtractor()

  /** The text wrapped at about 85 characters under a title line, as a proposal's paragraph is. */
  async function pdfReport(text: string, language: 'en' | 'sv'): Promise<AnalysisReport> {
    const lines: string[] = []
    let line = ''
    for (const word of text.split(' ')) {
      if (`${line} ${word}`.trim().length > 85) {
        lines.push(line)
        line = word
      } else line = `${line} ${word}`.trim()
    }
    lines.push(line)
    const document = await extractor.extract(buildPdf([{ lines: ['Proposal: reporting automation for Acme', ...lines] }]))
    return inspectAnalysis({
      kind: 'document',
      pages: document.pages,
      language,
      currency: language === 'sv' ? 'SEK' : 'USD',
      complexity: 'balanced',
    })
  }

  it('reads every stated figure of the analysts’ text, in English and Swedish', async () => {
    expectTeamOfSix(await pdfReport(ANALYSTS, 'en'), 55)
    expectTeamOfSix(await pdfReport(ANALYTIKER, 'sv'), 550)
  })
})
