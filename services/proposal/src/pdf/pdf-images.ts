// The image blocks' bytes, read from the product's storage on the service's thread before the PDF
// is rendered (the worker gets plain data only). Only the proposal's own uploads are read, and only
// PNG and JPEG are embedded (pdfkit reads nothing else; the upload re-encodes to one of them).
import { visibleBlocks, type ProposalDocument } from '@valueproof/contracts/proposal-document'

export interface ImageOfProposal {
  proposalId: string
  imageId: string
}

/** What domain/proposal-images.ts's readProposalImage answers. */
export interface StoredImage {
  bytes: Buffer
  contentType: string
}

const EMBEDDABLE = new Set(['image/png', 'image/jpeg'])

/**
 * The bytes of each visible image block's upload by image id, read with
 * `(image) => readProposalImage(deps, image)`; missing or unembeddable images are left out.
 */
export async function pdfImagesOf(
  props: { proposalId: string; document: ProposalDocument },
  read: (image: ImageOfProposal) => Promise<StoredImage | undefined>,
): Promise<Map<string, Uint8Array>> {
  const ids = [...new Set(visibleBlocks(props.document).flatMap((block) => (block.type === 'image' ? [block.imageId] : [])))]
  const images = await Promise.all(ids.map(async (imageId) => [imageId, await read({ proposalId: props.proposalId, imageId })] as const))
  const embeddable = new Map<string, Uint8Array>()
  for (const [imageId, image] of images) if (image !== undefined && EMBEDDABLE.has(image.contentType)) embeddable.set(imageId, image.bytes)
  return embeddable
}
