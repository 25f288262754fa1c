// The images a seller puts in a proposal's document (issue 37). An upload is checked by its declared
// type and by its first bytes, decoded by sharp within a pixel budget (a decompression bomb is a
// 400, not an exhausted heap), stripped of its metadata (camera, place), turned upright, resized to
// at most PROPOSAL_IMAGE_MAX_EDGE on its long edge and re-encoded as PNG when it has transparency,
// else JPEG: the two formats the PDF renderer reads. The bytes go to object storage, the row to the
// database; they count toward the owner's stored-bytes ceiling (docs/decisions/120).
import type { UploadedImageIds } from './drafts.ts'
import { randomBytes } from 'node:crypto'
import {
  PROPOSAL_DOCUMENT_LIMITS,
  PROPOSAL_IMAGE_ID_PATTERN,
  PROPOSAL_IMAGE_MAX_EDGE,
  PROPOSAL_IMAGE_TYPE_MESSAGE,
  PROPOSAL_IMAGE_TYPES,
  PROPOSAL_STORAGE_LIMITS,
  type UploadedImage,
} from '@valueproof/contracts'
import { errors, HttpError } from '@valueproof/http-kit'
import { isObjectStoreFull, type ObjectStore } from '@valueproof/object-store'
import sharp from 'sharp'
import type { Prisma, PrismaClient, Tx } from '../db.ts'
import { notFound as ownProposalNotFound, owned } from './proposal-management.ts'
import { lockAccountStorage, planOf, storageFull, storedBytesOf } from './proposal-quota.ts'

export type ProposalImageType = (typeof PROPOSAL_IMAGE_TYPES)[number]

/** Pixels a decoded upload may hold: a 50-megapixel camera's photo fits; a 30000×30000 bomb does not. */
export const PROPOSAL_IMAGE_MAX_INPUT_PIXELS = 50_000_000
export const IMAGE_UNREADABLE_MESSAGE = 'The image could not be read. Upload a PNG, JPEG, WebP or GIF file.'
export const IMAGE_TOO_MANY_PIXELS_MESSAGE = `The image has too many pixels (at most ${PROPOSAL_IMAGE_MAX_INPUT_PIXELS / 1_000_000} megapixels). Upload a smaller one.`
export const IMAGE_LIMIT_MESSAGE = `A proposal holds at most ${PROPOSAL_DOCUMENT_LIMITS.maxImages} images. Remove one you no longer use first.`
export const IMAGE_NOT_STORED_MESSAGE = 'The image could not be stored; try again.'
export const IMAGE_NOT_FOUND_MESSAGE = 'Image not found.'

const JPEG_QUALITY = 82

// Decoded pixels are not kept between uploads: each is seen once.
sharp.cache(false)

export interface ProposalImageDeps {
  prisma: PrismaClient
  objectStore: ObjectStore
  now?: () => Date
}

/** The type the first bytes say, whatever the request claimed. */
export function sniffImageType(bytes: Buffer): ProposalImageType | undefined {
  const starts = (signature: readonly number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte)
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif'
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp'
  return undefined
}

/** The request's Content-Type without its parameters, when it names one of the accepted types. */
export function declaredImageType(contentType: string | undefined): ProposalImageType | undefined {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  return PROPOSAL_IMAGE_TYPES.find((accepted) => accepted === type)
}

export interface ProcessedImage {
  bytes: Buffer
  contentType: 'image/png' | 'image/jpeg'
  width: number
  height: number
}

function unreadable(error: unknown): HttpError {
  const message = error instanceof Error ? error.message : ''
  if (/pixel limit/i.test(message)) return errors.badRequest(IMAGE_TOO_MANY_PIXELS_MESSAGE, 'image_too_many_pixels')
  return errors.badRequest(IMAGE_UNREADABLE_MESSAGE, 'image_unreadable')
}

/**
 * 400 unless the declared type and the bytes agree on an accepted type and sharp decodes them
 * within the pixel budget; the image as it is stored otherwise. Only the first frame of an
 * animation is kept (a PDF shows one).
 */
export async function processImage(bytes: Buffer, declared: string | undefined): Promise<ProcessedImage> {
  const type = declaredImageType(declared)
  if (type === undefined || sniffImageType(bytes) !== type) throw errors.badRequest(PROPOSAL_IMAGE_TYPE_MESSAGE, 'image_type')
  const input = () => sharp(bytes, { limitInputPixels: PROPOSAL_IMAGE_MAX_INPUT_PIXELS, failOn: 'error' })
  try {
    const metadata = await input().metadata()
    const transparent = metadata.hasAlpha && !(await input().stats()).isOpaque
    const resized = input()
      .rotate()
      .resize({ width: PROPOSAL_IMAGE_MAX_EDGE, height: PROPOSAL_IMAGE_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
    // sharp writes no metadata unless asked (withMetadata): EXIF, GPS and ICC comments stay behind.
    const encoded = transparent
      ? resized.png({ compressionLevel: 9, adaptiveFiltering: true })
      : resized.flatten({ background: '#ffffff' }).jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
    return { bytes: data, contentType: transparent ? 'image/png' : 'image/jpeg', width: info.width, height: info.height }
  } catch (error) {
    throw unreadable(error)
  }
}

export function newImageId(): string {
  return randomBytes(16).toString('base64url')
}

/** Where an image's bytes are kept. */
export function imageKey(proposalId: string, imageId: string): string {
  return `proposal-images/${proposalId}/${imageId}`
}

/** 403 when the proposal holds its most images, or the account's bytes with `adding` more would pass its plan's ceiling. */
async function assertRoomForImage(db: PrismaClient | Tx, props: { userId: number; proposalId: string; adding: number }): Promise<void> {
  const images = await db.proposalImage.count({ where: { proposalId: props.proposalId } })
  if (images >= PROPOSAL_DOCUMENT_LIMITS.maxImages) throw errors.forbidden(IMAGE_LIMIT_MESSAGE, 'proposal_image_limit')
  const plan = await planOf(db, props.userId)
  const stored = await storedBytesOf(db, props.userId)
  if (stored + props.adding > PROPOSAL_STORAGE_LIMITS[plan] || stored >= PROPOSAL_STORAGE_LIMITS[plan]) throw storageFull(plan)
}

/** The object written, or 503 (507 when the store is full: the one mapping of docs/decisions/120). */
async function putImage(objectStore: ObjectStore, key: string, image: { bytes: Buffer; contentType: string }): Promise<void> {
  try {
    await objectStore.put(key, image.bytes, { contentType: image.contentType })
  } catch (error) {
    if (isObjectStoreFull(error)) throw error
    throw Object.assign(errors.serviceUnavailable(IMAGE_NOT_STORED_MESSAGE, 'image_not_stored'), { cause: error })
  }
}

async function discardObjects(objectStore: ObjectStore, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    try {
      await objectStore.delete(key)
    } catch {
      // Best effort: an orphaned object costs space, never correctness (no row points at it).
    }
  }
}

/**
 * POST /proposals/:id/images: the owner's upload (404 for anyone else's proposal), processed,
 * stored, and counted. The object is written first and the row after it; a refused or failed row
 * discards the object, so no row ever points at nothing.
 */
export async function uploadProposalImage(
  deps: ProposalImageDeps,
  props: { userId: number; proposalId: string; bytes: Buffer; contentType: string | undefined },
): Promise<UploadedImage> {
  const where = owned({ userId: props.userId, proposalId: props.proposalId })
  if ((await deps.prisma.proposal.count({ where })) === 0) throw ownProposalNotFound()
  // Nothing is decoded for a proposal or an account with no room left.
  await assertRoomForImage(deps.prisma, { userId: props.userId, proposalId: where.id, adding: 0 })
  const image = await processImage(props.bytes, props.contentType)
  const id = newImageId()
  const key = imageKey(where.id, id)
  await putImage(deps.objectStore, key, image)
  const createdAt = (deps.now ?? (() => new Date()))()
  try {
    await deps.prisma.$transaction(async (tx) => {
      await lockAccountStorage(tx, props.userId, createdAt)
      if ((await tx.proposal.count({ where })) === 0) throw ownProposalNotFound()
      await assertRoomForImage(tx, { userId: props.userId, proposalId: where.id, adding: image.bytes.length })
      await tx.proposalImage.create({
        data: {
          id,
          proposalId: where.id,
          userId: props.userId,
          key,
          contentType: image.contentType,
          width: image.width,
          height: image.height,
          bytes: image.bytes.length,
          createdAt,
        },
      })
    })
  } catch (error) {
    await discardObjects(deps.objectStore, [key])
    throw error
  }
  return { imageId: id, width: image.width, height: image.height, contentType: image.contentType }
}

/**
 * An image of a proposal as stored: its bytes and type, or undefined when the proposal has no such
 * image (or its object is gone). Who may see it is the caller's to decide (the page's rules).
 */
export async function readProposalImage(
  deps: Pick<ProposalImageDeps, 'prisma' | 'objectStore'>,
  props: { proposalId: string; imageId: string },
): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  if (!PROPOSAL_IMAGE_ID_PATTERN.test(props.imageId)) return undefined
  const row = await deps.prisma.proposalImage.findFirst({
    where: { id: props.imageId, proposalId: props.proposalId },
    select: { key: true, contentType: true },
  })
  if (!row) return undefined
  let stored: Awaited<ReturnType<ObjectStore['get']>>
  try {
    stored = await deps.objectStore.get(row.key)
  } catch (error) {
    throw Object.assign(errors.serviceUnavailable('The image could not be read; try again.', 'image_not_read'), { cause: error })
  }
  return stored === null ? undefined : { bytes: stored.body, contentType: row.contentType }
}

/** The object keys of a proposal's images, read in the transaction that deletes it (the rows go with it). */
export async function imageKeysOf(db: Pick<Tx, 'proposalImage'>, proposalId: string): Promise<string[]> {
  const rows = await db.proposalImage.findMany({ where: { proposalId }, select: { key: true } })
  return rows.map((row) => row.key)
}

/** After a proposal is deleted: its images' objects go too. */
export async function discardImageObjects(deps: Pick<ProposalImageDeps, 'objectStore'>, keys: readonly string[]): Promise<void> {
  await discardObjects(deps.objectStore, keys)
}

/** Which of these ids are images uploaded into the proposal: a document may name only those (drafts' check). */
export function uploadedImageIdsOf(prisma: ProposalImageDeps['prisma']): UploadedImageIds {
  return async ({ proposalId, imageIds }) => {
    if (imageIds.length === 0) return new Set()
    const rows = await prisma.proposalImage.findMany({ where: { proposalId, id: { in: [...imageIds] } }, select: { id: true } })
    return new Set(rows.map((row) => row.id))
  }
}

/** A copy's images: the rows to insert with the copy, the source's ids mapped to theirs, and the objects stored for them. */
export interface CopiedImages {
  rows: Prisma.ProposalImageCreateManyInput[]
  newIds: ReadonlyMap<string, string>
  keys: string[]
}

/**
 * The source's images stored again under new ids for a copy (a duplicate or a new version, issue
 * 37), before the copy's transaction inserts their rows; an image id belongs to one proposal, so
 * the copy's documents name the new ones. A failed copy discards what it stored here.
 */
export async function copyImageObjects(
  deps: Pick<ProposalImageDeps, 'prisma' | 'objectStore'>,
  props: { sourceId: string; copyId: string; createdAt: Date },
): Promise<CopiedImages> {
  const images = await deps.prisma.proposalImage.findMany({ where: { proposalId: props.sourceId }, orderBy: { createdAt: 'asc' } })
  const newIds = new Map<string, string>()
  const copied: CopiedImages = { rows: [], newIds, keys: [] }
  try {
    for (const image of images) {
      const stored = await deps.objectStore.get(image.key)
      if (stored === null) continue
      const id = newImageId()
      const key = imageKey(props.copyId, id)
      await putImage(deps.objectStore, key, { bytes: stored.body, contentType: image.contentType })
      copied.keys.push(key)
      newIds.set(image.id, id)
      copied.rows.push({ ...image, id, key, proposalId: props.copyId, createdAt: props.createdAt })
    }
  } catch (error) {
    await discardObjects(deps.objectStore, copied.keys)
    throw error
  }
  return copied
}
