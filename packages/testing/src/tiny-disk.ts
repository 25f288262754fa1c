// A small file system for tests of a full disk (docs/decisions/120): a tmpfs of the given size
// mounted at a directory, which needs root (or CAP_SYS_ADMIN). Where it cannot be mounted the test
// is skipped with the reason; a test of what "full" means needs a disk that really fills.
import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export interface TinyDisk {
  path: string
  /** Bytes still free on it. */
  freeBytes(): number
  /** Fills it with one file until `leaveBytes` are free; answers that file's path (delete it to free the space). */
  fill(leaveBytes: number): string
  unmount(): void
}

/** Mounts a tmpfs of `megabytes` at `path` (created if missing), or says why this machine does not allow it. */
export function mountTinyDisk(path: string, megabytes: number): TinyDisk | { unavailable: string } {
  mkdirSync(path, { recursive: true })
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', path], { stdio: 'pipe' })
  } catch (error) {
    const unavailable = `cannot mount a tmpfs at ${path}: ${(error as Error).message.split('\n')[0] ?? ''}`
    // CI runs as root on a machine that can: there a missing mount is a failure, never a skip (as `needs`).
    if (process.env.CI === 'true') throw new Error(`${unavailable}; CI=true makes this a failure`, { cause: error })
    return { unavailable }
  }
  const freeBytes = (): number => {
    const stats = statfsSync(path)
    return stats.bavail * stats.bsize
  }
  return {
    path,
    freeBytes,
    fill(leaveBytes) {
      const filler = join(path, `filler-${process.pid}-${Date.now()}`)
      writeFileSync(filler, Buffer.alloc(Math.max(0, freeBytes() - leaveBytes)))
      return filler
    },
    unmount() {
      execFileSync('umount', ['-l', path], { stdio: 'pipe' })
      rmSync(path, { recursive: true, force: true })
    },
  }
}
