// Plain JavaScript: loaded by the extraction worker, which runs without a TypeScript loader.
// The standard security handler (ISO 32000-2 7.6.4) opened with the empty user password, the only
// one pdf.js tries here: an encrypted PDF's streams are decrypted before their expansion is
// checked, or a bomb could hide behind encryption. Key derivation and per-object keys follow
// pdf.js's CipherTransformFactory, so a file opens here exactly when it opens there.
import { createCipheriv, createDecipheriv, createHash } from 'node:crypto'
import { isName } from './pdf-objects.mjs'

// PDF 1.7, 7.6.3.3: the padding every password is completed with.
const PASSWORD_PADDING = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex')
const EMPTY = new Uint8Array(0)

function hash(algorithm, ...parts) {
  const digest = createHash(algorithm)
  for (const part of parts) digest.update(part)
  return digest.digest()
}

/** RC4 by hand: OpenSSL 3 offers it only through its legacy provider. */
export function rc4(key, data) {
  const s = new Uint8Array(256)
  for (let i = 0; i < 256; i++) s[i] = i
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i] + key[i % key.length]) & 0xff
    ;[s[i], s[j]] = [s[j], s[i]]
  }
  const out = new Uint8Array(data.length)
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 0xff
    j = (j + s[i]) & 0xff
    const t = s[i]
    s[i] = s[j]
    s[j] = t
    out[n] = data[n] ^ s[(s[i] + s[j]) & 0xff]
  }
  return out
}

function aesCbc(decrypt, key, iv, data) {
  const algorithm = key.length === 32 ? 'aes-256-cbc' : 'aes-128-cbc'
  const cipher = decrypt ? createDecipheriv(algorithm, key, iv) : createCipheriv(algorithm, key, iv)
  cipher.setAutoPadding(false)
  const whole = data.subarray(0, data.length - (data.length % 16))
  return Buffer.concat([cipher.update(whole), cipher.final()])
}

/** AESV2/AESV3 stream data: a 16-byte IV, then CBC blocks padded PKCS#5 (dropped when valid). */
function aesDecryptStream(key, data) {
  if (data.length < 32) return EMPTY
  const plain = aesCbc(true, key, data.subarray(0, 16), data.subarray(16))
  const pad = plain[plain.length - 1]
  return pad >= 1 && pad <= 16 ? plain.subarray(0, plain.length - pad) : plain
}

function bytesOf(value) {
  return typeof value === 'object' && value !== null && 'string' in value ? value.string : EMPTY
}

/** Algorithm 2.B of ISO 32000-2 (revision 6), as pdf.js's PDF20 computes it for the user password. */
export function hashRevision6(input) {
  let k = hash('sha256', input)
  let e = new Uint8Array([0])
  for (let round = 0; round < 64 || e[e.length - 1] > round - 32; round++) {
    const k1 = Buffer.concat(Array.from({ length: 64 }, () => k))
    e = aesCbc(false, k.subarray(0, 16), k.subarray(16, 32), k1)
    const remainder = e.subarray(0, 16).reduce((sum, byte) => sum + byte, 0) % 3
    k = hash(remainder === 0 ? 'sha256' : remainder === 1 ? 'sha384' : 'sha512', e)
  }
  return k.subarray(0, 32)
}

function fileKeyRevision5or6(encrypt, revision) {
  const user = bytesOf(encrypt.get('U'))
  const digest = revision === 6 ? hashRevision6 : (input) => hash('sha256', input)
  if (!digest(user.subarray(32, 40)).equals(Buffer.from(user.subarray(0, 32)))) return undefined
  return aesCbc(true, digest(user.subarray(40, 48)), Buffer.alloc(16), bytesOf(encrypt.get('UE')).subarray(0, 32))
}

function fileKeyRevision2to4(encrypt, revision, keyBytes, fileId, encryptMetadata) {
  const owner = bytesOf(encrypt.get('O')).subarray(0, 32)
  const permissions = Buffer.alloc(4)
  permissions.writeInt32LE(Number(encrypt.get('P')) | 0)
  const noMetadata = revision >= 4 && !encryptMetadata ? Buffer.from([0xff, 0xff, 0xff, 0xff]) : EMPTY
  let key = hash('md5', PASSWORD_PADDING, owner, permissions, fileId, noMetadata)
  if (revision >= 3) for (let i = 0; i < 50; i++) key = hash('md5', key.subarray(0, keyBytes))
  key = key.subarray(0, keyBytes)
  let check
  if (revision >= 3) {
    check = rc4(key, hash('md5', PASSWORD_PADDING, fileId))
    for (let i = 1; i <= 19; i++)
      check = rc4(
        key.map((byte) => byte ^ i),
        check,
      )
  } else {
    check = rc4(key, PASSWORD_PADDING)
  }
  const user = bytesOf(encrypt.get('U'))
  return check.every((byte, i) => user[i] === byte) ? key : undefined
}

function keyLengthBits(encrypt, algorithm) {
  const length = encrypt.get('Length')
  if (typeof length === 'number' && length !== 0) return length
  if (algorithm <= 3) return 40
  const filters = encrypt.get('CF')
  const streamFilter = encrypt.get('StmF')
  const handler = filters instanceof Map && isName(streamFilter) ? filters.get(streamFilter.name) : undefined
  const bits = handler instanceof Map && typeof handler.get('Length') === 'number' ? handler.get('Length') : 128
  return bits < 40 ? bits << 3 : bits
}

/** How a V4/V5 file encrypts streams: its StmF crypt filter's method ('None' for Identity). */
function streamMethod(encrypt) {
  const streamFilter = encrypt.get('StmF')
  if (!isName(streamFilter) || streamFilter.name === 'Identity') return 'None'
  const filters = encrypt.get('CF')
  const handler = filters instanceof Map ? filters.get(streamFilter.name) : undefined
  const method = handler instanceof Map ? handler.get('CFM') : undefined
  return isName(method) ? method.name : 'None'
}

/**
 * The decryption pdf.js would apply to streams, or undefined where pdf.js could not open the file
 * without a password (it answers password_protected before reading any stream).
 * @returns {{ decrypt(data: Uint8Array, objectNumber: number, generation: number): Uint8Array,
 *   encryptMetadata: boolean } | undefined}
 */
export function streamDecryption(encrypt, fileId) {
  if (!(encrypt instanceof Map) || !isName(encrypt.get('Filter')) || encrypt.get('Filter').name !== 'Standard') return undefined
  const algorithm = encrypt.get('V')
  const revision = encrypt.get('R')
  if (![1, 2, 4, 5].includes(algorithm)) return undefined
  const keyBits = keyLengthBits(encrypt, algorithm)
  if (!Number.isInteger(keyBits) || keyBits < 40 || keyBits % 8 !== 0) return undefined
  const encryptMetadata = !((algorithm === 4 || algorithm === 5) && encrypt.get('EncryptMetadata')?.keyword === 'false')
  let key =
    algorithm === 5 ? fileKeyRevision5or6(encrypt, revision) : fileKeyRevision2to4(encrypt, revision, keyBits >> 3, fileId, encryptMetadata)
  if (key === undefined) return undefined
  if (algorithm === 4 && key.length < 16) key = Buffer.concat([key, Buffer.alloc(16 - key.length)])
  const method = algorithm >= 4 ? streamMethod(encrypt) : 'V2'
  const objectKey = (objectNumber, generation, aes) => {
    const suffix = Buffer.from([objectNumber, objectNumber >> 8, objectNumber >> 16, generation, generation >> 8].map((b) => b & 0xff))
    return hash('md5', key, suffix, aes ? Buffer.from('sAlT', 'latin1') : EMPTY).subarray(0, Math.min(key.length + 5, 16))
  }
  return {
    encryptMetadata,
    decrypt(data, objectNumber, generation) {
      if (method === 'V2') return rc4(objectKey(objectNumber, generation, false), data)
      if (method === 'AESV2') return aesDecryptStream(objectKey(objectNumber, generation, true), data)
      if (method === 'AESV3') return aesDecryptStream(key, data)
      return data
    },
  }
}
