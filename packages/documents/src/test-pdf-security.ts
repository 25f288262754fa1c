// The standard security handler for the PDFs the tests build (ISO 32000-2 7.6.4): RC4 with a 40-bit
// key (revision 2), AES-128 (revision 4) and AES-256 (revision 6). The tests check that pdf.js opens
// each of them with the empty user password, which proves these files right.
import { createCipheriv, createHash, randomBytes } from 'node:crypto'
import { hashRevision6, rc4 } from './pdf-security.mjs'

export type PdfCipher = 'rc4-40' | 'aes-128' | 'aes-256'

export interface PdfSecurity {
  /** The /Encrypt dictionary's body. */
  encryptDictionary: string
  /** The file's ID (both halves of /ID), hexadecimal. */
  idHex: string
  /** A stream's data as stored in the file. */
  encryptStream(objectNumber: number, data: Uint8Array): Buffer
}

// PDF 1.7, 7.6.3.3: the padding every password is completed with.
const PASSWORD_PADDING = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex')
const ALL_PERMISSIONS = -4

function md5(...parts: Uint8Array[]): Buffer {
  const hash = createHash('md5')
  for (const part of parts) hash.update(part)
  return hash.digest()
}

function padded(password: string): Buffer {
  return Buffer.concat([Buffer.from(password, 'latin1'), PASSWORD_PADDING]).subarray(0, 32)
}

function hex(bytes: Uint8Array): string {
  return `<${Buffer.from(bytes).toString('hex')}>`
}

function aesEncrypt(key: Uint8Array, data: Uint8Array): Buffer {
  const iv = randomBytes(16)
  const cipher = createCipheriv(key.length === 32 ? 'aes-256-cbc' : 'aes-128-cbc', key, iv)
  return Buffer.concat([iv, cipher.update(data), cipher.final()])
}

function objectKey(fileKey: Uint8Array, objectNumber: number, aes: boolean): Buffer {
  const suffix = Buffer.from([objectNumber & 0xff, (objectNumber >> 8) & 0xff, (objectNumber >> 16) & 0xff, 0, 0])
  return md5(fileKey, suffix, aes ? Buffer.from('sAlT', 'latin1') : Buffer.alloc(0)).subarray(0, Math.min(fileKey.length + 5, 16))
}

/** Algorithms 2–5 of PDF 1.7 7.6.3 (revisions 2 to 4): the file key from the password, and /U. */
function revision2to4(userPassword: string, revision: number, keyBytes: number, id: Buffer) {
  const owner = rc4(md5(padded('owner-password')).subarray(0, keyBytes), padded(userPassword))
  const permissions = Buffer.alloc(4)
  permissions.writeInt32LE(ALL_PERMISSIONS)
  let fileKey = md5(padded(userPassword), owner, permissions, id).subarray(0, keyBytes)
  if (revision >= 3) for (let i = 0; i < 50; i++) fileKey = md5(fileKey).subarray(0, keyBytes)
  let user: Uint8Array
  if (revision >= 3) {
    user = rc4(fileKey, md5(PASSWORD_PADDING, id))
    for (let i = 1; i <= 19; i++)
      user = rc4(
        fileKey.map((byte) => byte ^ i),
        user,
      )
    user = Buffer.concat([user, Buffer.alloc(16)])
  } else {
    user = rc4(fileKey, PASSWORD_PADDING)
  }
  return { owner, user, fileKey }
}

/** Encryption with the standard security handler; '' is an empty user password (opens without asking). */
export function pdfSecurity(cipher: PdfCipher, userPassword: string): PdfSecurity {
  const id = md5(Buffer.from(`valueproof-test-${cipher}-${userPassword}`))
  const idHex = id.toString('hex')
  if (cipher === 'aes-256') {
    const password = Buffer.from(userPassword, 'utf8')
    const fileKey = randomBytes(32)
    const validationSalt = randomBytes(8)
    const keySalt = randomBytes(8)
    const user = Buffer.concat([hashRevision6(Buffer.concat([password, validationSalt])), validationSalt, keySalt])
    const wrap = createCipheriv('aes-256-cbc', hashRevision6(Buffer.concat([password, keySalt])), Buffer.alloc(16)).setAutoPadding(false)
    const userKey = Buffer.concat([wrap.update(fileKey), wrap.final()])
    return {
      encryptDictionary:
        `/Filter /Standard /V 5 /R 6 /Length 256 /P ${ALL_PERMISSIONS} /O ${hex(randomBytes(48))} /U ${hex(user)} ` +
        `/OE ${hex(randomBytes(32))} /UE ${hex(userKey)} /Perms ${hex(randomBytes(16))} ` +
        '/CF << /StdCF << /CFM /AESV3 /AuthEvent /DocOpen /Length 32 >> >> /StmF /StdCF /StrF /StdCF',
      idHex,
      encryptStream: (_, data) => aesEncrypt(fileKey, data),
    }
  }
  const aes = cipher === 'aes-128'
  const revision = aes ? 4 : 2
  const { owner, user, fileKey } = revision2to4(userPassword, revision, aes ? 16 : 5, id)
  const entries = aes
    ? '/V 4 /R 4 /Length 128 /CF << /StdCF << /CFM /AESV2 /AuthEvent /DocOpen /Length 16 >> >> /StmF /StdCF /StrF /StdCF'
    : '/V 1 /R 2 /Length 40'
  return {
    encryptDictionary: `/Filter /Standard ${entries} /P ${ALL_PERMISSIONS} /O ${hex(owner)} /U ${hex(user)}`,
    idHex,
    encryptStream: (objectNumber, data) =>
      aes ? aesEncrypt(objectKey(fileKey, objectNumber, true), data) : Buffer.from(rc4(objectKey(fileKey, objectNumber, false), data)),
  }
}
