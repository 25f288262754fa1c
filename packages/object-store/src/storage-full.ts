// Which failures of a write mean the object store has no room left (docs/decisions/120): the file
// system's ENOSPC (no space) or EDQUOT (quota), and MinIO's XMinioStorageFull, which it answers when
// a drive passes its minimum free space. The service runtime answers them 507, not 500.

const FILE_SYSTEM_FULL = new Set(['ENOSPC', 'EDQUOT'])
const S3_STORAGE_FULL = new Set(['XMinioStorageFull'])
const STORAGE_FULL_TEXT = /Storage reached its minimum free drive threshold|No space left on device|Disk quota exceeded/

/** Whether a store's write failed because there is no room; looks through `cause` chains. */
export function isObjectStoreFull(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 8 && current !== null && typeof current === 'object'; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown }
    if (typeof code === 'string' && (FILE_SYSTEM_FULL.has(code) || S3_STORAGE_FULL.has(code))) return true
    if (typeof message === 'string' && STORAGE_FULL_TEXT.test(message)) return true
    current = cause
  }
  return false
}
