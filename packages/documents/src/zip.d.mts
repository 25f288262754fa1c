export class ZipFormatError extends Error {}
export class ZipSizeMismatchError extends Error {}

export interface ZipDirectoryEntry {
  name: string
  method: number
  flags: number
  crc32: number
  compressedSize: number
  uncompressedSize: number
  localHeaderOffset: number
}

export interface PreparedZipEntry {
  name: string
  method: number
  crc32: number
  /** The data exactly as it goes into the archive. */
  compressed: Uint8Array
  uncompressedSize: number
}

export function crc32(bytes: Uint8Array, previous?: number): number
export function readZipDirectory(bytes: Uint8Array): ZipDirectoryEntry[]
export function rawEntryData(bytes: Uint8Array, entry: ZipDirectoryEntry): Uint8Array
export function readZipEntry(bytes: Uint8Array, entry: ZipDirectoryEntry): Uint8Array
export function zipEntry(name: string, data: Uint8Array, options?: { store?: boolean }): PreparedZipEntry
export function writeZip(entries: PreparedZipEntry[]): Uint8Array
