/** Letters and digits that cannot be mistaken for one another when read aloud or copied by hand (no 0/O/o, 1/l/I). */
export const ACCESS_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789'
export const GENERATED_ACCESS_CODE_LENGTH = 10

/**
 * A random access code for the Share dialog's 'Generate' button: 10 characters of a 56-letter
 * alphabet (about 58 bits) from crypto.getRandomValues. Bytes past the last whole multiple of the
 * alphabet's size are drawn again, so every character is equally likely.
 */
export function generateAccessCode(
  fillRandom: (bytes: Uint8Array<ArrayBuffer>) => void = (bytes) => crypto.getRandomValues(bytes),
): string {
  const size = ACCESS_CODE_ALPHABET.length
  const unbiased = 256 - (256 % size)
  let code = ''
  while (code.length < GENERATED_ACCESS_CODE_LENGTH) {
    const bytes = new Uint8Array(16)
    fillRandom(bytes)
    for (const byte of bytes) {
      if (byte < unbiased && code.length < GENERATED_ACCESS_CODE_LENGTH) code += ACCESS_CODE_ALPHABET[byte % size]
    }
  }
  return code
}
