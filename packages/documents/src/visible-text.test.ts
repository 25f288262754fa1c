// Text a page does not show is not extracted (issue 14): invisible render mode, text in the colour
// of what lies under it, text outside the page. The real case, the PyCon AU prospectus's leftover
// white "$10,000", is checked in corpus.test.ts.
import { afterAll, describe, expect, it } from 'vitest'
import { createDocumentExtractor } from './index.ts'
import { buildPdf } from './test-documents.ts'

const extractor = createDocumentExtractor({ workers: 1 })
afterAll(() => extractor.close())

/** The text of a one-page PDF whose content stream is `content` (font /F1 is Helvetica; the page is 612 × 792). */
async function textOf(content: string): Promise<string> {
  const document = await extractor.extract(buildPdf([{ content: { dictionary: '', data: Buffer.from(content, 'latin1') } }]))
  return document.pages.map((page) => page.text).join('\n')
}

/** One line of text; `state` sets text state (which outlasts ET: wrap it in q … Q to end it). */
const line = (y: number, text: string, state = ''): string => `BT /F1 12 Tf ${state} 72 ${y} Td (${text}) Tj ET`

describe('text a page does not show', () => {
  it('leaves out text in render mode 3 (invisible) and keeps the visible lines around it', async () => {
    const text = await textOf(
      [line(720, 'Monthly fee: 1,250 USD'), `q ${line(700, 'Old price: 9,999 USD', '3 Tr')} Q`, line(680, 'Term: 12 months')].join('\n'),
    )
    expect(text).toBe('Monthly fee: 1,250 USD\nTerm: 12 months')
  })

  it('leaves out text placed outside the page', async () => {
    const offPage = [
      'BT /F1 12 Tf 700 700 Td (Right of the page: 8,888 USD) Tj ET',
      'BT /F1 12 Tf 72 -40 Td (Below the page: 7,777 USD) Tj ET',
    ]
    const text = await textOf([line(720, 'Setup fee: 500 USD'), ...offPage].join('\n'))
    expect(text).toBe('Setup fee: 500 USD')
  })

  it('leaves out white text on the white page, and keeps white text on a dark box', async () => {
    const text = await textOf(
      [
        line(720, 'Hourly rate: 95 USD'),
        `1 1 1 rg ${line(700, 'Hidden rate: 6,666 USD')}`,
        '0 0 0.4 rg 60 640 300 30 re f',
        `1 1 1 rg ${line(650, 'Banner price: 4,321 USD')}`,
        `0.5 g ${line(600, 'Grey note: 30 days')}`,
      ].join('\n'),
    )
    expect(text).toBe('Hourly rate: 95 USD\nBanner price: 4,321 USD\nGrey note: 30 days')
  })

  it('leaves out text in the colour of the box under it, whatever the colour', async () => {
    const text = await textOf(
      ['0 0.6 0.3 rg 60 700 300 30 re f', line(710, 'Green on green: 2,222 USD'), `0 g ${line(650, 'Price: 120 USD')}`].join('\n'),
    )
    expect(text).toBe('Price: 120 USD')
  })

  it('removes an invisible figure from the middle of a visible line', async () => {
    const text = await textOf('BT /F1 12 Tf 72 720 Td (Total: ) Tj 3 Tr (5,555 ) Tj 0 Tr (3,000 USD per year) Tj ET')
    expect(text).toBe('Total: 3,000 USD per year')
  })
})
