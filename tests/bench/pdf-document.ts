// Issue 37's PDF benchmark, a part of pdf.bench.ts: a seller's edited proposal — 10 sections of
// 5,000 words in all (paragraphs with bold, italic and links, a list and a sub-heading in each), 3
// images uploaded through the API (1600 px: two photos the upload stores as JPEG, one with
// transparency kept as PNG) and a pricing table with optional lines, discount and tax — saved as a
// draft and published, so its PDF is downloaded exactly as a prospect's is.
import type { ProposalBlock, RichBlockNode, RichInline } from '@valueproof/contracts/proposal-document'
import sharp from 'sharp'
import type { ApiClient } from '../integration/support/http-client.ts'
import { gradientPng } from '../integration/support/images.ts'

export const DOCUMENT_SECTIONS = 10
export const DOCUMENT_WORDS = 5_000
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

interface UploadedImage {
  imageId: string
  width: number
  height: number
}

/** Two photos and one picture with transparency, uploaded to the proposal. */
async function uploadImages(owner: ApiClient, id: string): Promise<UploadedImage[]> {
  const photo = gradientPng(1600, 900)
  const transparent = await sharp(photo).ensureAlpha(0.7).png().toBuffer()
  const uploaded: UploadedImage[] = []
  for (const bytes of [transparent, photo, photo]) {
    const response = await owner.request('POST', `/api/proposals/${id}/images`, {
      body: new Uint8Array(bytes),
      headers: { 'content-type': 'image/png' },
    })
    if (response.status !== 201) throw new Error(`POST images answered ${response.status}: ${await response.text()}`)
    uploaded.push((await response.json()) as UploadedImage)
  }
  return uploaded
}

/** The edited document: sections, the uploads, the calculator, the pricing table and a button. */
function editedBlocks(images: readonly UploadedImage[]): ProposalBlock[] {
  const perSection = DOCUMENT_WORDS / DOCUMENT_SECTIONS
  const sections = Array.from({ length: DOCUMENT_SECTIONS }, (_, index) => section(index, perSection))
  const image = (index: number): ProposalBlock[] => {
    const uploaded = images[index]
    return uploaded === undefined
      ? []
      : [
          {
            id: `image-${index}`,
            type: 'image',
            imageId: uploaded.imageId,
            alt: `Screenshot ${index + 1} of the triage queue`,
            caption: `The queue, step ${index + 1}`,
            width: uploaded.width,
            height: uploaded.height,
          },
        ]
  }
  return [
    ...sections.slice(0, 3),
    ...image(0),
    ...sections.slice(3, 5),
    { id: 'calculator', type: 'calculator', fixedHeading: 'roiCalculator' },
    ...image(1),
    ...sections.slice(5, 8),
    pricing(),
    ...image(2),
    ...sections.slice(8),
    { id: 'cta', type: 'button', label: 'Book the pilot', href: 'https://example.com/pilot' },
  ]
}

/** The optional lines a prospect ticks in the download's query. */
export const TICKED_OPTIONS = 'line-6,review'

/** Uploads the images, saves the edited document as the draft and publishes it. */
export async function publishEditedDocument(owner: ApiClient, id: string): Promise<void> {
  const images = await uploadImages(owner, id)
  const draft = (await (await owner.get(`/api/proposals/${id}/draft`)).json()) as { document: { title: string }; revision: number }
  const document = { title: draft.document.title, blocks: editedBlocks(images) }
  const saved = await owner.request('PUT', `/api/proposals/${id}/draft`, { json: { document, revision: draft.revision } })
  if (saved.status !== 200) throw new Error(`PUT draft answered ${saved.status}: ${await saved.text()}`)
  const { revision } = (await saved.json()) as { revision: number }
  const published = await owner.post(`/api/proposals/${id}/publish`, { revision })
  if (published.status !== 201) throw new Error(`POST publish answered ${published.status}: ${await published.text()}`)
}
