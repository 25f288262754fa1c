// A proposal as a seller who edited it would publish it (issue 37's figures): ten sections of
// about 5,000 words in all, three images and a pricing table with an optional line. Built through
// the owner's API (draft, images, publish), the way the editor does it.
import type { ProposalBlock, ProposalDocument, RichText } from '@valueproof/contracts'
import type { ApiClient } from './http-client.ts'
import { gradientPng } from './images.ts'

const WORDS = 'the team spends hours every week reconciling orders by hand before the carrier cut-off and errors reach customers'.split(' ')

/** `count` words of plain prose in sentences, with a list every few paragraphs so rich text is exercised. */
function prose(count: number, seed: number): RichText {
  const content: RichText['content'] = []
  let written = 0
  let paragraph = 0
  while (written < count) {
    const length = Math.min(80, count - written)
    const words = Array.from({ length }, (_, index) => WORDS[(index + seed + paragraph) % WORDS.length])
    const text = `${words.join(' ')}.`
    if (paragraph % 4 === 3) {
      content.push({
        type: 'bulletList',
        content: [text.slice(0, 60), text.slice(60, 120)].map((item) => ({
          type: 'listItem',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: item }] }],
        })),
      })
    } else {
      content.push({
        type: 'paragraph',
        content: [
          { type: 'text', text: text.slice(0, 40), marks: [{ type: 'bold' }] },
          { type: 'text', text: text.slice(40) },
        ],
      })
    }
    written += length
    paragraph += 1
  }
  return { type: 'doc', content }
}

export const RICH_PRICING_BLOCK: ProposalBlock = {
  id: 'pricing',
  type: 'pricing',
  heading: 'Your investment',
  items: [
    { id: 'seats', description: 'Automation seats', quantity: 12, unit: 'seat', unitPrice: 39, recurrence: 'month' },
    { id: 'onboarding', description: 'Onboarding and training', quantity: 1, unit: 'package', unitPrice: 2400, recurrence: 'once' },
    { id: 'premium', description: 'Premium support', quantity: 1, unit: 'year', unitPrice: 1800, recurrence: 'year', optional: true },
  ],
  discountPercent: 5,
  taxPercent: 25,
}

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as T
}

/** Uploads three images, saves the rich draft over the proposal's own and publishes it; answers the document. */
export async function publishRichProposal(owner: ApiClient, proposalId: string): Promise<ProposalDocument> {
  const draft = await json<{ document: ProposalDocument; revision: number }>(
    await owner.get(`/api/proposals/${proposalId}/draft`),
    'GET draft',
  )
  const images: ProposalBlock[] = []
  const sizes: [number, number][] = [
    [1200, 700],
    [800, 800],
    [640, 400],
  ]
  for (const [index, size] of sizes.entries()) {
    const uploaded = await json<{ imageId: string; width: number; height: number }>(
      await owner.request('POST', `/api/proposals/${proposalId}/images`, {
        body: new Uint8Array(gradientPng(size[0], size[1])),
        headers: { 'content-type': 'image/png' },
      }),
      'POST image',
    )
    images.push({
      id: `image${index}`,
      type: 'image',
      imageId: uploaded.imageId,
      alt: `Figure ${index + 1}: orders reconciled by hand`,
      width: uploaded.width,
      height: uploaded.height,
    })
  }
  const sections: ProposalBlock[] = Array.from({ length: 10 }, (_, index) => ({
    id: `section${index}`,
    type: 'section',
    heading: `Part ${index + 1}: what changes for the order desk`,
    content: prose(500, index),
  }))
  const document: ProposalDocument = {
    title: draft.document.title,
    blocks: [
      ...sections.slice(0, 3),
      images[0] as ProposalBlock,
      { id: 'calculator', type: 'calculator', fixedHeading: 'roiCalculator' },
      ...sections.slice(3, 6),
      images[1] as ProposalBlock,
      RICH_PRICING_BLOCK,
      ...sections.slice(6),
      images[2] as ProposalBlock,
      {
        id: 'quote',
        type: 'quote',
        text: 'We stopped missing the carrier cut-off in the first month.',
        author: 'Anna Berg, Head of Operations',
      },
      { id: 'cta', type: 'button', label: 'Book the pilot', href: 'mailto:sales@example.com' },
    ],
  }
  const saved = await json<{ revision: number }>(
    await owner.request('PUT', `/api/proposals/${proposalId}/draft`, { json: { document, revision: draft.revision } }),
    'PUT draft',
  )
  await json(await owner.post(`/api/proposals/${proposalId}/publish`, { revision: saved.revision }), 'POST publish')
  return document
}
