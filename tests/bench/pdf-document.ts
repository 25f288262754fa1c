// Issue 37's PDF benchmark, a part of pdf.bench.ts: the PDF of a seller's edited proposal — 10
// sections of 5,000 words in all (paragraphs with bold, italic and links, a list and a sub-heading in
// each), 3 images as the upload stores them (1600 px: two JPEG photos, one PNG with transparency) and a pricing table
// with optional lines, discount and tax — made as the PDF download makes it: the content decided on
// this thread (proposalPdfContent) and rendered by the service's worker pool (createPdfRenderer, 2
// workers). Not through HTTP: the database read and the image read from storage are not in these figures.
// Printed: median and p95 one at a time, and the event-loop delay p99 with 4 in flight.
import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { ProposalBlock, RichBlockNode, RichInline } from '@valueproof/contracts/proposal-document'
import { scenarioValues } from '@valueproof/formula'
import { proposalPdfContent } from '../../services/proposal/src/pdf/pdf-content.ts'
import { createPdfRenderer } from '../../services/proposal/src/pdf/pdf-pool.ts'
import { calculator, proposalWith, SHARE_URL } from '../../services/proposal/src/pdf/pdf-test-proposals.ts'
import { supportTriageCalculator } from '../../services/proposal/src/testing/calculators.ts'
import sharp from 'sharp'
import { processImage } from '../../services/proposal/src/domain/proposal-images.ts'
import { gradientPng } from '../integration/support/images.ts'

export const DOCUMENT_SECTIONS = 10
export const DOCUMENT_WORDS = 5_000
const IMAGE_IDS = ['ImageAAAAAAAAAAAAAAAAA', 'ImageBBBBBBBBBBBBBBBBB', 'ImageCCCCCCCCCCCCCCCCC'] as const
const VOCABULARY =
  'support tickets agents queue routing hours customers answer faster triage team costs value week month pilot rollout training onboarding process handover backlog priority response service level quality insight report'.split(
    ' ',
  )

/** Deterministic words: the same document every run. */
function wordsFrom(seed: number, count: number): string[] {
  let state = seed
  return Array.from({ length: count }, () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff
    return VOCABULARY[state % VOCABULARY.length] ?? 'value'
  })
}

function paragraph(words: string[]): RichBlockNode {
  const third = Math.floor(words.length / 3)
  const content: RichInline[] = [
    { type: 'text', text: `${words.slice(0, third).join(' ')} ` },
    { type: 'text', text: words.slice(third, third + 4).join(' '), marks: [{ type: 'bold' }] },
    { type: 'text', text: ` ${words.slice(third + 4, 2 * third).join(' ')} ` },
    {
      type: 'text',
      text: words.slice(2 * third, 2 * third + 3).join(' '),
      marks: [{ type: 'link', attrs: { href: 'https://example.com/case' } }],
    },
    { type: 'text', text: ` ${words.slice(2 * third + 3).join(' ')}.`, marks: [{ type: 'italic' }] },
  ]
  return { type: 'paragraph', content }
}

/** A section of `count` words: three paragraphs, a sub-heading and a four-item list. */
function section(index: number, count: number): ProposalBlock {
  const words = wordsFrom(index + 1, count)
  const listWords = 40
  const body = words.length - listWords - 3
  const part = Math.floor(body / 3)
  const items = Array.from({ length: 4 }, (_, item) => ({
    type: 'listItem' as const,
    content: [
      {
        type: 'paragraph' as const,
        content: [{ type: 'text' as const, text: words.slice(body + item * 10, body + item * 10 + 10).join(' ') }],
      },
    ],
  }))
  return {
    id: `section-${index}`,
    type: 'section',
    heading: `Section ${index + 1}: ${words.slice(-3).join(' ')}`,
    content: {
      type: 'doc',
      content: [
        paragraph(words.slice(0, part)),
        paragraph(words.slice(part, 2 * part)),
        { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: words.slice(-3).join(' ') }] },
        { type: 'bulletList', content: items },
        paragraph(words.slice(2 * part, body)),
      ],
    },
  }
}

function pricing(): ProposalBlock {
  const monthly = ['Triage seats', 'Routing rules', 'Reporting', 'Integrations', 'Sandbox', 'Archive', 'Single sign-on', 'Audit log']
  return {
    id: 'pricing',
    type: 'pricing',
    items: [
      ...monthly.map((description, index) => ({
        id: `line-${index}`,
        description,
        quantity: 5 + index,
        unit: 'seats',
        unitPrice: 40 + 5 * index,
        recurrence: 'month' as const,
        ...(index >= 6 ? { optional: true } : {}),
      })),
      { id: 'setup', description: 'Setup and training', quantity: 1, unit: '', unitPrice: 6_000, recurrence: 'once', discountPercent: 20 },
      {
        id: 'review',
        description: 'Yearly review',
        quantity: 1,
        unit: '',
        unitPrice: 2_400,
        recurrence: 'year',
        optional: true,
        selected: true,
      },
    ],
    discountPercent: 10,
    taxPercent: 25,
  }
}

/**
 * The images as the upload stores them (processImage): two photos of the largest size as JPEG, and
 * one with transparency as PNG.
 */
async function storedImages(): Promise<Map<string, Uint8Array>> {
  const photo = gradientPng(1600, 900)
  const transparent = await sharp(photo).ensureAlpha(0.7).png().toBuffer()
  const stored = await Promise.all([
    processImage(transparent, 'image/png'),
    processImage(photo, 'image/png'),
    processImage(photo, 'image/png'),
  ])
  return new Map(stored.map((image, index) => [IMAGE_IDS[index] ?? '', new Uint8Array(image.bytes)]))
}

/** The edited proposal's record and its images' bytes. */
export async function editedProposal() {
  const calculatorData = calculator({ ...supportTriageCalculator })
  const perSection = DOCUMENT_WORDS / DOCUMENT_SECTIONS
  const sections = Array.from({ length: DOCUMENT_SECTIONS }, (_, index) => section(index, perSection))
  const image = (index: number): ProposalBlock => ({
    id: `image-${index}`,
    type: 'image',
    imageId: IMAGE_IDS[index] ?? '',
    alt: `Screenshot ${index + 1} of the triage queue`,
    caption: `The queue, step ${index + 1}`,
    width: 1600,
    height: 900,
  })
  const blocks: ProposalBlock[] = [
    ...sections.slice(0, 3),
    image(0),
    ...sections.slice(3, 5),
    { id: 'calculator', type: 'calculator', fixedHeading: 'roiCalculator' },
    image(1),
    ...sections.slice(5, 8),
    pricing(),
    image(2),
    ...sections.slice(8),
    { id: 'cta', type: 'button', label: 'Book the pilot', href: 'https://example.com/pilot' },
  ]
  const proposal = proposalWith(calculatorData, { document: { title: 'Support desk automation for Acme', blocks } })
  return { proposal, calculatorData, images: await storedImages() }
}

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN
}

export interface DocumentPdfFigures {
  median: number
  p95: number
  bytes: number
  pages: number
  loopP99: number
  loopMax: number
  perSecond: number
}

/** One at a time, then `inFlight` at once with the event loop watched. */
export async function measureDocumentPdf(options: {
  warmup: number
  sequential: number
  inFlight: number
  concurrent: number
}): Promise<DocumentPdfFigures> {
  const { proposal, calculatorData, images } = await editedProposal()
  const values = scenarioValues(calculatorData, 'expected')
  const renderer = createPdfRenderer()
  // As the download does: decided here, rendered in a worker.
  const once = async () => {
    const started = performance.now()
    const content = proposalPdfContent({
      proposal,
      calculator: { kind: 'ready', calculatorData },
      scenario: 'expected',
      values,
      shareUrl: SHARE_URL,
      images,
      ticks: { 'line-6': true, 'line-7': false, review: true },
    })
    const bytes = await renderer.render(content)
    return { ms: performance.now() - started, bytes }
  }
  try {
    let last: Uint8Array = new Uint8Array()
    for (let index = 0; index < options.warmup; index += 1) last = (await once()).bytes
    const times: number[] = []
    for (let index = 0; index < options.sequential; index += 1) times.push((await once()).ms)
    const loop = monitorEventLoopDelay({ resolution: 5 })
    const started = performance.now()
    loop.enable()
    let next = 0
    await Promise.all(
      Array.from({ length: options.inFlight }, async () => {
        while (next < options.concurrent) {
          next += 1
          await once()
        }
      }),
    )
    loop.disable()
    const pages = (
      Buffer.from(last)
        .toString('latin1')
        .match(/\/Type \/Page\b/g) ?? []
    ).length
    return {
      median: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      bytes: last.byteLength,
      pages,
      loopP99: loop.percentile(99) / 1e6,
      loopMax: loop.max / 1e6,
      perSecond: options.concurrent / ((performance.now() - started) / 1000),
    }
  } finally {
    await renderer.close()
  }
}
