import { randomUUID } from 'node:crypto'
import type { ObjectStore } from '@valueproof/object-store'
import { errors } from '@valueproof/http-kit'
import type { PrismaClient } from '../db.ts'

export const LOGO_MAX_BYTES = 2 * 1024 * 1024
export const LOGO_URL_PREFIX = '/api/logos/'
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
