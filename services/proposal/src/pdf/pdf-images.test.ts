// The image blocks' bytes are read once per image, for visible blocks only, and only PNG and JPEG
// uploads are handed to the renderer.
import type { ProposalDocument } from '@valueproof/contracts/proposal-document'
import { describe, expect, it } from 'vitest'
import { tinyPng } from '../../../../tests/integration/support/images.ts'
import { pdfImagesOf, type ImageOfProposal, type StoredImage } from './pdf-images.ts'

const image = (id: string, imageId: string, hidden = false) =>
  ({ id, type: 'image', imageId, alt: 'A picture', width: 1, height: 1, ...(hidden ? { hidden } : {}) }) as const

describe('pdfImagesOf', () => {
  it('reads each visible image of the proposal once and keeps the embeddable ones', async () => {
    const document: ProposalDocument = {
      title: 'Offer',
      blocks: [
        { id: 'calculator', type: 'calculator' },
        image('a', 'AAAAAAAAAAAAAAAAAAAAAA'),
        image('a2', 'AAAAAAAAAAAAAAAAAAAAAA'),
        image('b', 'BBBBBBBBBBBBBBBBBBBBBB'),
        image('c', 'CCCCCCCCCCCCCCCCCCCCCC'),
        image('d', 'DDDDDDDDDDDDDDDDDDDDDD', true),
      ],
    }
    const stored: Record<string, StoredImage> = {
      AAAAAAAAAAAAAAAAAAAAAA: { bytes: tinyPng(), contentType: 'image/png' },
      BBBBBBBBBBBBBBBBBBBBBB: { bytes: Buffer.from('GIF89a'), contentType: 'image/gif' },
      DDDDDDDDDDDDDDDDDDDDDD: { bytes: tinyPng(), contentType: 'image/png' },
    }
    const asked: ImageOfProposal[] = []
    const images = await pdfImagesOf({ proposalId: 'p1', document }, (wanted) => {
      asked.push(wanted)
      return Promise.resolve(stored[wanted.imageId])
    })
    expect(asked).toEqual([
      { proposalId: 'p1', imageId: 'AAAAAAAAAAAAAAAAAAAAAA' },
      { proposalId: 'p1', imageId: 'BBBBBBBBBBBBBBBBBBBBBB' },
      { proposalId: 'p1', imageId: 'CCCCCCCCCCCCCCCCCCCCCC' },
    ])
    expect([...images.keys()]).toEqual(['AAAAAAAAAAAAAAAAAAAAAA'])
    expect(Buffer.from(images.get('AAAAAAAAAAAAAAAAAAAAAA') ?? new Uint8Array())).toEqual(tinyPng())
  })
})
