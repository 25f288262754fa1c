import { describe, expect, it } from 'vitest'
import { pagesForReading, rebuildCellTables, repeatedPages, splitPipeRows } from './pages.ts'

/** What the honesty checker compares: whitespace runs as one space. */
const folded = (text: string) => text.replace(/\s+/g, ' ').trim()

describe('tables extracted one cell per line', () => {
  it('rebuilds a DOCX budget (a paragraph per cell) as rows under their header', () => {
    const cells = [
      'Category',
      'Year 1',
      'Year 2',
      'Total',
      'Personnel',
      '$33,750',
      '$33,750',
      '$67,500',
      'Travel',
      '$6,000',
      '$6,000',
      '$12,000',
      'Total',
      '$39,750',
      '$39,750',
      '$79,500',
    ]
    const text = ['Budget Summary', '', ...cells.flatMap((cell) => [cell, '']), 'References'].join('\n')
    const rebuilt = rebuildCellTables(text)
    expect(rebuilt.split('\n').filter((line) => line.includes('\t'))).toEqual([
      'Category\tYear 1\tYear 2\tTotal',
      'Personnel\t$33,750\t$33,750\t$67,500',
      'Travel\t$6,000\t$6,000\t$12,000',
      'Total\t$39,750\t$39,750\t$79,500',
    ])
    // Only whitespace changes: every quote of the rebuilt page is a quote of the original.
    expect(folded(rebuilt)).toBe(folded(text))
  })

  it('rebuilds a Swedish price table of cells and leaves prose and label–value lists alone', () => {
    const text = 'Tjänst\nPris (kr)\nMånad (kr)\nGrundpaket\n2 490\n249\nTillägg\n990\n99\nVi levererar inom två veckor.'
    expect(rebuildCellTables(text).split('\n').slice(0, 3)).toEqual([
      'Tjänst\tPris (kr)\tMånad (kr)',
      'Grundpaket\t2 490\t249',
      'Tillägg\t990\t99',
    ])
    const list = 'Startavgift\n5 000 kr\nMånadsavgift\n990 kr\nKontakta oss för mer information.'
    expect(rebuildCellTables(list)).toBe(list)
  })

  it('splits a markdown table written on one line into one row per line, keeping its pipes', () => {
    const line =
      'Targets: | Scenario | Current | Target | |---|---|---| | Single household | 50ms | 20ms | | Full population | 8 hours | 90 min |'
    const split = splitPipeRows(line)
    expect(split.split('\n')).toContain('| Full population | 8 hours | 90 min |')
    expect(folded(split)).toBe(folded(line))
  })
})

describe('repeated pages', () => {
  const footer = 'The above proposal is valid for 30 days. Agreements are contingent upon strikes.'
  const options = (to: string) =>
    [
      `PROPOSAL for ${to}`,
      'OPTIONS — Circle options chosen to be added to totals:',
      '* Single Gate $920.00',
      '* Double Gate $ 1,385.00',
      'Clean-up and removal of materials $ 1,768.00',
      footer,
    ].join('\n')

  it('leaves out a page that repeats an earlier page’s prices, whoever it is addressed to', () => {
    const pages = [
      { page: 1, text: options('Town & Country Fence') },
      { page: 2, text: `Warranty and exclusions of the installation work.\n${footer}` },
      { page: 3, text: options('McDermott Fence') },
    ]
    expect([...repeatedPages(pages)]).toEqual([3])
    expect(pagesForReading(pages).pages.map((page) => page.page)).toEqual([1, 2])
  })

  it('keeps a form that repeats its wording with other figures, and pages without prices', () => {
    const role = (name: string, level: number) =>
      [
        `2.2.${level} ${name}`,
        'Konsulten ska ha erfarenhet av:',
        'Dimensionsmodellering och DAX',
        'Data från systemet Raindance',
        `Kompetensnivå: ${level}`,
      ].join('\n')
    const pages = [1, 2, 3].map((page) => ({ page, text: role(`Systemutvecklare ${page}`, page + 2) }))
    expect(repeatedPages(pages).size).toBe(0)
  })
})
