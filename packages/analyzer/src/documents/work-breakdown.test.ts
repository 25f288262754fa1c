import { describe, expect, it } from 'vitest'
import type { ScanOptions } from '../read/figures-types.ts'
import { readWorkBreakdown } from './work-breakdown.ts'

const ENGLISH: ScanOptions = { dollar: 'USD', rand: false, swedish: false }
const SWEDISH: ScanOptions = { dollar: 'USD', rand: false, swedish: true }

const SOW = [
  'Hours and WBS (Work Breakdown Structure)',
  'Hours Tasks',
  'Documentation',
  '8 This is only for large projects where scope is not clear –',
  'Statement of work creation',
  '74 Wireframe to PSD (if required)',
  '2 hours x 37 pages = 74 (Please feel free to add/remove pages)',
  '148 HTML page creation',
  '4 hours x 37 pages = 148 hours',
  '16 Payment gateway configuration',
  '- Quality assurance (Alpha testing) This is usually 20% of the total development hours',
  '- Project Management (meetings expected) This is usually 20% of the total development',
  'hours',
  '- Total',
].join('\n')

describe('a statement of work priced by the hour', () => {
  it('reads task rows, the hours × pages that explain them (one task, not two), the additions in percent and the rate', () => {
    const work = readWorkBreakdown(
      [
        { page: 7, text: SOW },
        { page: 9, text: 'Payment Terms\n- hours @ $16.44 = $' },
      ],
      ENGLISH,
    )
    expect(work?.lines.map((line) => [line.description, line.hours, line.perUnit?.hours, line.perUnit?.units])).toEqual([
      ['Statement of work creation', 8, undefined, undefined],
      ['Wireframe to PSD', 74, 2, 37],
      ['HTML page creation', 148, 4, 37],
      ['Payment gateway configuration', 16, undefined, undefined],
    ])
    expect(work?.overheads.map((overhead) => [overhead.description, overhead.percent])).toEqual([
      ['Quality assurance (Alpha testing)', 20],
      ['Project Management (meetings expected)', 20],
    ])
    expect(work?.rate).toMatchObject({ value: 16.44, currency: 'USD', stated: { page: 9 } })
    // Each row quotes its own line of the page.
    expect(work?.lines[1]?.stated.quote).toBe('2 hours x 37 pages = 74 (Please feel free to add/remove pages)')
  })

  it('reads a Swedish breakdown with its hourly rate in kronor', () => {
    const text = [
      'Timmar Aktivitet',
      '40 Förstudie och kravställning',
      '3 timmar x 20 sidor = 60',
      '24 Test och driftsättning',
      'Samtliga timmar à 950 kr exkl. moms',
    ].join('\n')
    const work = readWorkBreakdown([{ page: 1, text }], SWEDISH)
    expect(work?.lines.map((line) => [line.hours, line.perUnit?.noun])).toEqual([
      [40, undefined],
      [60, 'sidor'],
      [24, undefined],
    ])
    expect(work?.rate).toMatchObject({ value: 950, currency: 'SEK' })
  })

  it('has no breakdown without task rows: a lone product of hours is not one, nor are numbered lists', () => {
    expect(readWorkBreakdown([{ page: 1, text: 'Setup takes 2 hours x 3 sites = 6 hours.' }], ENGLISH)).toBeUndefined()
    expect(
      readWorkBreakdown([{ page: 1, text: '1. 37 webpages in a CMS.\n2. Deployment on the client’s servers.' }], ENGLISH),
    ).toBeUndefined()
  })
})
