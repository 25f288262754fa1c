// What a generation answers is made of a document's text or a model's words: a name, labels,
// descriptions, quotes. PDF text can hold NUL and other control characters, a model can answer a
// lone surrogate, and PostgreSQL refuses both when the calculator is later shared (decision 092).
// The route cleans its whole answer here, once, whichever analyzer made it.

type WellFormingString = string & { toWellFormed(): string; isWellFormed(): boolean }

const TAB = 0x09
const NEWLINE = 0x0a
const CARRIAGE_RETURN = 0x0d

/** A C0 control other than tab and newline (carriage returns included: they become newlines). */
function isUnwantedControl(code: number): boolean {
  return code < 0x20 && code !== TAB && code !== NEWLINE
}

function hasUnwantedControl(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) if (isUnwantedControl(text.charCodeAt(index))) return true
  return false
}

/**
 * The text as it can be stored and shown: lone surrogates become U+FFFD, CR and CR LF become LF,
 * NUL and the other C0 controls except tab and newline are dropped. Clean text is returned as is.
 */
export function storableText(text: string): string {
  if (!hasUnwantedControl(text) && (text as WellFormingString).isWellFormed()) return text
  const wellFormed = (text as WellFormingString).toWellFormed()
  const parts: string[] = []
  let kept = 0
  for (let index = 0; index < wellFormed.length; index += 1) {
    const code = wellFormed.charCodeAt(index)
    if (!isUnwantedControl(code)) continue
    parts.push(wellFormed.slice(kept, index))
    if (code === CARRIAGE_RETURN) {
      parts.push('\n')
      if (wellFormed.charCodeAt(index + 1) === NEWLINE) index += 1
    }
    kept = index + 1
  }
  parts.push(wellFormed.slice(kept))
  return parts.join('')
}

/** A copy of a JSON value (a generated calculator) with every string and key cleaned by `storableText`. */
export function storableCopy<T>(value: T): T {
  return cleanValue(value) as T
}

function cleanValue(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value)
  if (Array.isArray(value)) return value.map(cleanValue)
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [storableText(key), cleanValue(item)]))
  }
  return value
}
