import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { InvalidObjectKeyError, type ObjectStore } from './object-store.ts'

/** Keys no store may accept: each would let a caller climb out of its place or confuse paths. */
export const HOSTILE_KEYS = [
  '',
  '../escape',
  'logos/../../etc/passwd',
  '..',
  '.',
  '/absolute',
  'trailing/',
  'double//slash',
  'back\\slash',
  'nul\u0000byte',
  '%2e%2e/encoded',
  'spaces are not allowed',
  'ünïcödé',
  'x'.repeat(513),
]

/** The behaviour every ObjectStore implementation must have, run against each of them. */
export function objectStoreContract(name: string, getStore: () => ObjectStore): void {
  describe(`${name} object store`, () => {
    const unique = () => `test/${randomBytes(6).toString('hex')}`

    it('answers ping', async () => {
      await expect(getStore().ping()).resolves.toBeUndefined()
    })

    it('puts and gets bytes with their content type and size', async () => {
      const key = `${unique()}/logo.png`
      const body = randomBytes(70_000)
      await getStore().put(key, body, { contentType: 'image/png' })
      const stored = await getStore().get(key)
      expect(stored).not.toBeNull()
      expect(stored?.contentType).toBe('image/png')
      expect(stored?.size).toBe(body.length)
      expect(stored?.body.equals(body)).toBe(true)
    })

    it('keeps an empty object', async () => {
      const key = unique()
      await getStore().put(key, Buffer.alloc(0), { contentType: 'text/plain' })
      expect(await getStore().get(key)).toEqual({ body: Buffer.alloc(0), contentType: 'text/plain', size: 0 })
    })

    it('replaces an object put again under the same key', async () => {
      const key = unique()
      await getStore().put(key, Buffer.from('first'), { contentType: 'text/plain' })
      await getStore().put(key, Buffer.from('<svg/>'), { contentType: 'image/svg+xml' })
      expect(await getStore().get(key)).toEqual({ body: Buffer.from('<svg/>'), contentType: 'image/svg+xml', size: 6 })
    })

    it('gives null for a key never written', async () => {
      expect(await getStore().get(`${unique()}/missing.png`)).toBeNull()
    })

    it('deletes, and deleting a missing key is not an error', async () => {
      const key = unique()
      await getStore().put(key, Buffer.from('gone soon'), { contentType: 'text/plain' })
      await getStore().delete(key)
      expect(await getStore().get(key)).toBeNull()
      await expect(getStore().delete(key)).resolves.toBeUndefined()
    })

    it('keeps keys that share a prefix apart', async () => {
      const base = unique()
      await getStore().put(`${base}/a.txt`, Buffer.from('A'), { contentType: 'text/plain' })
      await getStore().put(`${base}/a.txt.json`, Buffer.from('B'), { contentType: 'application/json' })
      expect((await getStore().get(`${base}/a.txt`))?.body.toString()).toBe('A')
      expect((await getStore().get(`${base}/a.txt.json`))?.contentType).toBe('application/json')
    })

    it.each(HOSTILE_KEYS)('refuses the key %j for every operation', async (key) => {
      const store = getStore()
      await expect(store.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(InvalidObjectKeyError)
      await expect(store.get(key)).rejects.toThrow(InvalidObjectKeyError)
      await expect(store.delete(key)).rejects.toThrow(InvalidObjectKeyError)
    })
  })
}
