// The PDF of a seller's edited document (issue 37), read back with pdf.js: the edited words in
// their order and faces, hidden blocks left out, images with alt text, the pricing table's rows and
// totals with the prospect's ticks (the calculator priced by the quote), a long table breaking only
// between rows with its header repeated, and no unsafe link.
import { inflateSync } from 'node:zlib'
import { productBranding, proposalDocumentSchema } from '@valueproof/contracts'
import {
  defaultProposalDocument,
  type PricingBlock,
  type ProposalBlock,
  type ProposalDocument,
  type RichText,
} from '@valueproof/contracts/proposal-document'
import { formatMoney, proposalTexts, quoteTotals } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import { tinyPng } from '../../../../tests/integration/support/images.ts'
import { invoiceAutomationCalculator, supportTriageCalculator } from '../testing/calculators.ts'
import { documentBlocksOf } from './pdf-document.ts'
import { calculator, proposalWith, render } from './pdf-test-proposals.ts'
import { sameSpaces } from './pdf-text.ts'

const triage = calculator(supportTriageCalculator)

/** The PDF's compressed streams inflated: its drawing operators as text. */
function contentStreams(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1')
  return [...raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)]
    .map((match) => {
      try {
        return inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1')
      } catch {
        return ''
      }
    })
    .join('\n')
}
const usd = (amount: number) => sameSpaces(formatMoney(amount, 'USD'))

function rich(...content: RichText['content']): RichText {
  return { type: 'doc', content }
}

const PRICING: PricingBlock = {
  id: 'pricing',
  type: 'pricing',
  items: [
    { id: 'seats', description: 'Triage seats', quantity: 12, unit: 'seats', unitPrice: 90, recurrence: 'month' },
    { id: 'setup', description: 'Setup and training', quantity: 1, unit: '', unitPrice: 6_000, recurrence: 'once', discountPercent: 25 },
    {
      id: 'priority',
      description: 'Priority support',
      quantity: 1,
      unit: 'plan',
      unitPrice: 6_000,
      recurrence: 'month',
      optional: true,
      selected: false,
    },
  ],
  discountPercent: 10,
  taxPercent: 25,
}

function documentWith(blocks: ProposalBlock[], extra: Partial<ProposalDocument> = {}): ProposalDocument {
  return { title: 'Support desk automation for Acme', blocks, ...extra }
}

const EDITED: ProposalBlock[] = [
  {
    id: 'why',
    type: 'section',
    heading: 'Why Acme, why now',
    content: rich(
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Tickets wait ' },
          { type: 'text', text: 'four hours', marks: [{ type: 'bold' }] },
          { type: 'text', text: ' before anyone ' },
          { type: 'text', text: 'reads them', marks: [{ type: 'italic' }] },
          { type: 'text', text: ' at all.' },
        ],
      },
      { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'What changes' }] },
      {
        type: 'orderedList',
        content: ['Tickets tagged on arrival', 'Routed to the right queue'].map((text) => ({
          type: 'listItem' as const,
          content: [{ type: 'paragraph' as const, content: [{ type: 'text' as const, text }] }],
        })),
      },
    ),
  },
  {
    id: 'secret',
    type: 'section',
    heading: 'Internal notes',
    hidden: true,
    content: rich({ type: 'paragraph', content: [{ type: 'text', text: 'Do not send' }] }),
  },
  PRICING,
  { id: 'calculator', type: 'calculator', fixedHeading: 'roiCalculator' },
  { id: 'quote', type: 'quote', text: 'We answer twice as fast since the pilot.', author: 'Anna Berg, CFO, Nordkyl AB' },
  { id: 'cta', type: 'button', label: 'Book the pilot', href: 'https://example.com/pilot' },
]

describe('the PDF of an edited document', () => {
  it('prints the edited words in the document’s order, in bold and italic faces, and leaves hidden blocks out', async () => {
    const { bytes, text } = await render({ proposal: proposalWith(triage, { document: documentWith(EDITED) }) })
    const order = [
      'Why Acme, why now',
      'Tickets wait four hours before anyone reads them at all.',
      'What changes',
      '1. Tickets tagged on arrival',
      '2. Routed to the right queue',
      'Pricing',
      'ROI Calculator',
      'We answer twice as fast since the pilot.',
      '— Anna Berg, CFO, Nordkyl AB',
      'Book the pilot',
      'Contact Sam Seller',
    ]
    const at = order.map((part) => text.indexOf(part))
    expect(
      at.every((index) => index >= 0),
      `${JSON.stringify(order.filter((_, index) => (at[index] ?? -1) < 0))} in ${text}`,
    ).toBe(true)
    expect(at).toEqual([...at].sort((a, b) => a - b))
    expect(text).not.toContain('Internal notes')
    expect(text).not.toContain('Do not send')
    // The written sections the seller replaced are gone.
    expect(text).not.toContain('Executive Summary')
    const raw = Buffer.from(bytes).toString('latin1')
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+SourceSans3-Italic/)
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+SourceSans3-Bold\b/)
    expect(raw).toContain('/URI (https://example.com/pilot)')
  })

  it('prints each line and the totals per recurrence, counting an optional line only when it is ticked', async () => {
    const proposal = proposalWith(triage, { document: documentWith(EDITED) })
    for (const ticked of [false, true]) {
      const { text } = await render({ proposal, ticks: { priority: ticked } })
      const totals = quoteTotals(PRICING, { priority: ticked })
      expect(text).toContain('Description Quantity Unit price Amount')
      expect(text).toContain(`Triage seats 12 seats ${usd(90)} ${usd(1_080)}`)
      expect(text).toContain(`Setup and training Discount 25% 1 ${usd(6_000)} ${usd(4_500)}`)
      expect(text).toContain(`Priority support Optional 1 plan ${usd(6_000)} ${ticked ? usd(6_000) : 'Not included'}`)
      const month = totals.month
      expect(text).toContain(
        `Per month Subtotal ${usd(month.subtotal)} Discount (10%) ${usd(-month.discount)} Tax (25%) ${usd(month.tax)} Total ${usd(month.total)}`,
      )
      expect(text).toContain(`One-off Subtotal ${usd(totals.once.subtotal)}`)
      expect(text).toContain(`Total ${usd(totals.once.total)}`)
    }
  })

  it('prices the calculator by the quote: ticking an option moves the total, the price and the payback', async () => {
    const proposal = proposalWith(triage, { document: documentWith(EDITED) })
    const without = await render({ proposal, ticks: { priority: false } })
    const withOption = await render({ proposal, ticks: { priority: true } })
    const monthly = (ticked: boolean) => quoteTotals(PRICING, { priority: ticked }).month
    expect(without.text).toContain(`Total ${usd(monthly(false).total)}`)
    expect(withOption.text).toContain(`Total ${usd(monthly(true).total)}`)
    expect(monthly(true).total).toBeGreaterThan(monthly(false).total)
    // The price before tax is the calculator's: the estimate gives way to the quote's figures.
    expect(without.text).toContain(usd(monthly(false).net))
    expect(withOption.text).toContain(usd(monthly(true).net))
    expect(without.pages[0]).not.toContain('(Estimate)')
    const payback = (pages: string[]) => /Pays back in (\S+ \S+)/.exec(pages[0] ?? '')?.[1]
    expect(payback(without.pages)).toBeDefined()
    expect(payback(withOption.pages)).not.toBe(payback(without.pages))
  })

  it('breaks a 60-line table only between rows and repeats its header row on every page it runs onto', async () => {
    const items = Array.from({ length: 60 }, (_, index) => ({
      id: `line-${index + 1}`,
      description: `Line ${index + 1}: onboarding workshop for the regional support team with material and follow-up`,
      quantity: index + 1,
      unit: 'hours',
      unitPrice: 150,
      recurrence: 'once' as const,
    }))
    const table: PricingBlock = { id: 'long', type: 'pricing', heading: 'Workshops', items }
    const blocks = [...defaultProposalDocument(proposalWith(triage)).blocks, table]
    const { pages } = await render({ proposal: proposalWith(triage, { document: documentWith(blocks) }) })
    const withRows = pages.filter((page) => /Line \d+: onboarding/.test(page))
    expect(withRows.length).toBeGreaterThanOrEqual(2)
    for (const page of withRows) {
      const header = page.indexOf('Description Quantity Unit price Amount')
      expect(header).toBeGreaterThanOrEqual(0)
      expect(header).toBeLessThan(page.search(/Line \d+: onboarding/))
    }
    for (const item of items) {
      const row = `${item.description} ${item.quantity} hours ${usd(150)} ${usd(item.quantity * 150)}`
      expect(
        pages.filter((page) => page.includes(row)),
        item.id,
      ).toHaveLength(1)
    }
    const all = items.reduce((sum, item) => sum + item.quantity * 150, 0)
    expect(pages.join(' ')).toContain(`Total ${usd(all)}`)
  })

  it('prints no link but https: and mailto:, even from a document that skipped the schema', async () => {
    const unsafe: ProposalBlock[] = [
      {
        id: 'links',
        type: 'section',
        heading: 'Links',
        content: rich({
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Click here', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
            { type: 'text', text: ' or write to us', marks: [{ type: 'link', attrs: { href: 'mailto:sales@example.com' } }] },
          ],
        }),
      },
      { id: 'calculator', type: 'calculator' },
      { id: 'cta', type: 'button', label: 'Open the offer', href: 'JavaScript:alert(document.cookie)' },
    ]
    expect(proposalDocumentSchema.safeParse(documentWith(unsafe)).success).toBe(false)
    const { bytes, text } = await render({ proposal: proposalWith(triage, { document: documentWith(unsafe) }) })
    expect(text).toContain('Click here or write to us')
    expect(text).toContain('Open the offer')
    const raw = Buffer.from(bytes).toString('latin1')
    expect(raw).not.toMatch(/javascript/i)
    expect(raw).toContain('/URI (mailto:sales@example.com)')
  })

  it('draws an image at the text’s width with its alt text as the PDF’s alternative text, and its caption', async () => {
    // RGBA: pdfkit draws the colour and a soft mask of the alpha.
    const png = tinyPng()
    const blocks: ProposalBlock[] = [
      ...defaultProposalDocument(proposalWith(triage)).blocks,
      {
        id: 'shot',
        type: 'image',
        imageId: 'AbCdEfGhIjKlMnOpQrStUv',
        alt: 'The triage queue on a Monday',
        caption: 'Monday’s queue, sorted',
        width: 320,
        height: 200,
      },
      { id: 'gone', type: 'image', imageId: 'ZzZzZzZzZzZzZzZzZzZzZz', alt: 'Deleted upload', width: 10, height: 10 },
    ]
    const { bytes, text } = await render({
      proposal: proposalWith(triage, { document: documentWith(blocks) }),
      images: new Map([['AbCdEfGhIjKlMnOpQrStUv', new Uint8Array(png)]]),
    })
    const raw = Buffer.from(bytes).toString('latin1')
    expect(raw.match(/\/Subtype \/Image/g)?.length).toBe(2) // the picture and its alpha mask
    expect(raw).toContain('/Alt (The triage queue on a Monday)')
    expect(raw).not.toContain('Deleted upload')
    expect(text).toContain('Monday’s queue, sorted')
  })

  it('is Swedish for a Swedish calculator: the table’s words and kronor', async () => {
    const swedish = calculator({ ...invoiceAutomationCalculator, language: 'sv' })
    const table: PricingBlock = {
      id: 'pris',
      type: 'pricing',
      items: [{ id: 'licens', description: 'Licens', quantity: 5, unit: 'användare', unitPrice: 1_250, recurrence: 'month' }],
      taxPercent: 25,
    }
    const blocks = [...defaultProposalDocument(proposalWith(swedish)).blocks, table]
    const { text } = await render({ proposal: proposalWith(swedish, { document: documentWith(blocks) }) })
    const kr = (amount: number) => sameSpaces(formatMoney(amount, 'SEK', 'sv-SE'))
    expect(text).toContain('Beskrivning Antal À-pris Belopp')
    expect(text).toContain(`Licens 5 användare ${kr(1_250)} ${kr(6_250)}`)
    expect(text).toContain(`Per månad Delsumma ${kr(6_250)} Moms (25 %) ${kr(1_563)} Totalt ${kr(7_813)}`)
  })

  it('accents headings with a Pro seller’s valid brand colour only', async () => {
    const pro = calculator({ ...supportTriageCalculator, branding: { companyName: 'Nordkyl AB', companyLogo: '', companyWebsite: '' } })
    const free = calculator({ ...supportTriageCalculator, branding: productBranding() })
    const document = documentWith(EDITED, { brandColor: '#0f766e' })
    // #0f766e as pdfkit writes a fill colour.
    const accent = /0\.0588\d* 0\.4627\d* 0\.4313\d* scn/
    const drawn = async (calculatorData: typeof pro) =>
      contentStreams((await render({ proposal: proposalWith(calculatorData, { document }) })).bytes)
    expect(await drawn(pro)).toMatch(accent)
    expect(await drawn(free)).not.toMatch(accent)
  })
})

describe('documentBlocksOf', () => {
  const executive = defaultProposalDocument(proposalWith(triage, { templateType: 'executive' }))
  const props = {
    templateType: 'executive',
    texts: proposalTexts('en'),
    hasCalculator: true,
    images: new Map<string, Uint8Array>(),
    ticks: undefined,
    calculatorPriced: true,
    pricing: { texts: proposalTexts('en').pricing, money: usd, locale: 'en-US' },
  }
  const kinds = (blocks: ReturnType<typeof documentBlocksOf>) =>
    blocks.map((block) => (block.kind === 'section' ? (block.heading ?? 'lead') : block.kind))

  it('puts the executive layout’s contact under Next Steps, or last when that section is hidden', () => {
    expect(kinds(documentBlocksOf({ ...props, document: executive }))).toEqual([
      'lead',
      'calculator',
      'Current Challenge',
      'Our Solution',
      'Value Delivered',
      'Next Steps',
      'contact',
    ])
    const moved = { ...executive, blocks: [...executive.blocks].reverse() }
    expect(kinds(documentBlocksOf({ ...props, document: moved })).slice(0, 2)).toEqual(['Next Steps', 'contact'])
    const hidden = {
      ...executive,
      blocks: executive.blocks.map((block) => (block.id === 'callToAction' ? { ...block, hidden: true } : block)),
    }
    expect(kinds(documentBlocksOf({ ...props, document: hidden })).slice(-2)).toEqual(['Value Delivered', 'contact'])
  })

  it('heads a section with the seller’s heading over the fixed one, and leaves out a calculator that is not there', () => {
    const document = documentWith([
      { id: 'mine', type: 'section', fixedHeading: 'problemStatement', heading: 'What Acme told us', content: rich() },
      { id: 'fixed', type: 'section', fixedHeading: 'problemStatement', content: rich() },
      { id: 'calculator', type: 'calculator', fixedHeading: 'roiCalculator' },
    ])
    expect(kinds(documentBlocksOf({ ...props, templateType: null, document, hasCalculator: false }))).toEqual([
      'What Acme told us',
      'Problem Statement',
      'contact',
    ])
  })
})
