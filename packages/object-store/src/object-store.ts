/** An object read back from the store. */
export interface StoredObject {
  body: Buffer
  contentType: string
  size: number
}

export interface PutOptions {
  contentType: string
}

/**
 * Files (logos, uploaded documents) by key. Keys are `/`-separated segments of letters, digits,
 * `.`, `_` and `-` (no empty, `.` or `..` segment), at most 512 characters.
 */
export interface ObjectStore {
  /** Stores `body` under `key`, replacing any object already there. */
  put(key: string, body: Buffer, options: PutOptions): Promise<void>
  /** The object under `key`, or null when there is none. */
  get(key: string): Promise<StoredObject | null>
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>
  /** Resolves when the store can be used (readiness). */
  ping(): Promise<void>
}

export class InvalidObjectKeyError extends Error {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`Invalid object key ${JSON.stringify(key.slice(0, 100))}: ${reason}`)
    this.name = 'InvalidObjectKeyError'
  }
}

const MAX_KEY_LENGTH = 512
const SEGMENT = /^[A-Za-z0-9._-]+$/

/** Returns the key's segments, or throws InvalidObjectKeyError (both stores use the same rules). */
export function objectKeySegments(key: string): string[] {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidObjectKeyError(String(key), 'empty')
  if (key.length > MAX_KEY_LENGTH) throw new InvalidObjectKeyError(key, `longer than ${MAX_KEY_LENGTH} characters`)
  const segments = key.split('/')
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..') throw new InvalidObjectKeyError(key, 'empty, "." or ".." segment')
    if (!SEGMENT.test(segment)) throw new InvalidObjectKeyError(key, 'only letters, digits, ".", "_", "-" and "/" are allowed')
  }
  return segments
}

export function assertValidObjectKey(key: string): void {
  objectKeySegments(key)
}
