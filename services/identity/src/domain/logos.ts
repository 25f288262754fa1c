import { randomUUID } from 'node:crypto'
import { LOGO_URL_PREFIX } from '@valueproof/contracts'
import type { ObjectStore } from '@valueproof/object-store'
import { errors, HttpError } from '@valueproof/http-kit'
import { OutboundRefusal, type OutboundClient } from '@valueproof/outbound-http'
import type { PrismaClient } from '../db.ts'

export { LOGO_URL_PREFIX }
export const LOGO_MAX_BYTES = 2 * 1024 * 1024
/**
 * A logo's key: a random UUID and the image's extension. Keys of logos stored before issue 13 began
 * with the owner's numeric id (`7/<uuid>.png`); they are still served, new ones never carry it, as
 * the URL is public on every shared proposal.
 */
export const LOGO_KEY = /^(?:\d+\/)?[0-9a-f-]{36}\.(?:png|jpg|gif|webp)$/
export const LOGO_TOO_LARGE_MESSAGE = 'Logo must be at most 2 MB'
export const LOGO_WRONG_TYPE_MESSAGE = 'Logo must be a PNG, JPEG, WebP or GIF image'
export const PRO_ONLY_LOGO_MESSAGE = 'Custom logos are available on the Pro plan. Upgrade to Pro to upload your company logo.'

interface ImageKind {
  contentType: string
  extension: string
}

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte)

/** The image type by its bytes (never by name or declared type). SVG is refused: it can carry script. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: 'image/png', extension: 'png' }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' }
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) {
    return { contentType: 'image/gif', extension: 'gif' }
  }
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return { contentType: 'image/webp', extension: 'webp' }
  }
  return null
}

/** Stores an uploaded logo and answers the URL the gateway serves it under. */
export async function storeLogo(
  prisma: PrismaClient,
  objectStore: ObjectStore,
  props: { userId: number; bytes: Buffer },
): Promise<{ url: string }> {
  if (props.bytes.length === 0) throw errors.badRequest('The logo file is empty')
  if (props.bytes.length > LOGO_MAX_BYTES) throw errors.payloadTooLarge(LOGO_TOO_LARGE_MESSAGE, 'logo_too_large')
  const kind = sniffImage(props.bytes)
  if (!kind) throw errors.unsupportedMediaType(LOGO_WRONG_TYPE_MESSAGE, 'logo_wrong_type')
  const key = `${randomUUID()}.${kind.extension}`
  await objectStore.put(`logos/${key}`, props.bytes, { contentType: kind.contentType })
  await prisma.logo.create({ data: { key, userId: props.userId, contentType: kind.contentType, size: props.bytes.length } })
  return { url: `${LOGO_URL_PREFIX}${key}` }
}

export async function readLogo(
  prisma: PrismaClient,
  objectStore: ObjectStore,
  key: string,
): Promise<{ body: Buffer; contentType: string } | null> {
  const logo = await prisma.logo.findUnique({ where: { key } })
  if (!logo) return null
  const object = await objectStore.get(`logos/${key}`)
  if (!object) return null
  // The content type recorded from the sniffed bytes, not whatever the store says.
  return { body: object.body, contentType: logo.contentType }
}

/**
 * A logo given as another site's address (PATCH /api/profile, issue 34): fetched once, here, through
 * the one outgoing client (public addresses only, every redirect checked, 10 s, at most the upload's
 * 2 MB), and stored as an upload is — its type sniffed from the bytes — so prospects' browsers only
 * ever load it from us. Anything that cannot be used answers 422 saying why.
 */
export async function importLogo(
  deps: { prisma: PrismaClient; objectStore: ObjectStore; outbound: OutboundClient },
  props: { userId: number; url: string },
): Promise<{ url: string }> {
  let bytes: Buffer
  try {
    const answer = await deps.outbound.get(props.url, { maxBytes: LOGO_MAX_BYTES, accept: 'image/png,image/jpeg,image/webp,image/gif' })
    bytes = answer.body
  } catch (error) {
    if (error instanceof OutboundRefusal) throw errors.unprocessable(`companyLogo: ${error.message}`, `logo_fetch_${error.reason}`)
    throw error
  }
  try {
    return await storeLogo(deps.prisma, deps.objectStore, { userId: props.userId, bytes })
  } catch (error) {
    // The upload's own checks (empty, too large, not an image), said of the address instead.
    if (error instanceof HttpError && error.status < 500) throw errors.unprocessable(`companyLogo: ${LOGO_NOT_USABLE_MESSAGE}`, error.id)
    throw error
  }
}

export const LOGO_NOT_USABLE_MESSAGE = 'the address did not give a PNG, JPEG, WebP or GIF image of at most 2 MB. Upload the logo instead.'
