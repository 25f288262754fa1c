import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/** scrypt from node:crypto: memory-hard, no native addon (ARCHITECTURE.md). N = 2^cost. */
export interface PasswordHashing {
  cost: number
}

const KEY_LENGTH = 64
const BLOCK_SIZE = 8
const PARALLELISM = 1

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

function optionsFor(cost: number, blockSize: number, parallelism: number): ScryptOptions {
  const N = 2 ** cost
  // The default maxmem (32 MiB) is below what N = 2^15 needs (128 * N * r bytes).
  return { N, r: blockSize, p: parallelism, maxmem: 256 * N * blockSize }
}

/** Encoded as scrypt$cost$r$p$salt$hash (base64url) so parameters can be raised later. */
export async function hashPassword(password: string, { cost }: PasswordHashing): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, optionsFor(cost, BLOCK_SIZE, PARALLELISM))
  return ['scrypt', cost, BLOCK_SIZE, PARALLELISM, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const [scheme, cost, blockSize, parallelism, salt, hash] = encoded.split('$')
  if (scheme !== 'scrypt' || !cost || !blockSize || !parallelism || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await derive(password, Buffer.from(salt, 'base64url'), optionsFor(Number(cost), Number(blockSize), Number(parallelism)))
  return key.length === expected.length && timingSafeEqual(key, expected)
}
