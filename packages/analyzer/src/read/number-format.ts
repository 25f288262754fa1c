// Reads one written number at a position: English "14,000.50", Swedish "1 280 900" and "1,80",
// European "2.500", "12´000". A hand-written scanner (no backtracking regex) that never reads past
// the number.

/** Characters that separate thousands when followed by exactly three digits. */
const SPACE_SEPARATORS = new Set([' ', '\u00a0', '\u202f', '\u2009', '´', "'", '’'])

export interface NumberReading {
  /** The value with the ordinary reading: "2.500" reads as 2.5 here (see `thousandsValue`). */
  readonly value: number
  /** Index just past the number. */
  readonly end: number
  /** The raw characters read. */
  readonly raw: string
  /**
   * "2.500" or "1.200": a single dot followed by exactly three digits, which is 2,500 in European
   * and Swedish writing (and with € or kr) but 2.5 in English. `value` is the decimal reading.
   */
  readonly thousandsValue: number | undefined
  /** Starts with 0 and has more digits ("08", "0800", "02222"): a phone number, code or zip. */
  readonly leadingZero: boolean
  /** Written with grouped thousands ("14,000", "1 280 900"): never a year or a code. */
  readonly grouped: boolean
  /** "1.2.1": a section number. */
  readonly dotted: boolean
}

function isDigit(character: string | undefined): boolean {
  return character !== undefined && character >= '0' && character <= '9'
}

function digitsFrom(text: string, index: number): number {
  let end = index
  while (isDigit(text[end])) end += 1
  return end
}

/** Exactly three digits at `index`, not followed by a fourth. */
function threeDigitsAt(text: string, index: number): boolean {
  return isDigit(text[index]) && isDigit(text[index + 1]) && isDigit(text[index + 2]) && !isDigit(text[index + 3])
}

/**
 * Reads the number that starts at `start` (a digit). Thousands separators: comma, dot, space,
 * no-break and thin spaces, ´ and ' — each group exactly three digits, one kind of separator per
 * number. Decimals: a dot or comma that is not the thousands separator. Returns undefined when
 * `start` is not a digit.
 */
export function readNumber(text: string, start: number): NumberReading | undefined {
  if (!isDigit(text[start])) return undefined
  const firstEnd = digitsFrom(text, start)
  const firstGroup = text.slice(start, firstEnd)
  let end = firstEnd
  let separator: string | undefined
  let groups = 1
  if (firstGroup.length <= 3 && firstGroup !== '0') {
    for (;;) {
      const candidate = text[end]
      if (candidate === undefined) break
      const usable = candidate === ',' || candidate === '.' || SPACE_SEPARATORS.has(candidate)
      if (!usable || (separator !== undefined && candidate !== separator)) break
      if (!threeDigitsAt(text, end + 1)) break
      separator = candidate
      groups += 1
      end += 4
    }
  }

  let decimals = ''
  let dotted = false
  const decimalMark = text[end]
  if ((decimalMark === '.' || decimalMark === ',') && decimalMark !== separator && isDigit(text[end + 1])) {
    const decimalEnd = digitsFrom(text, end + 1)
    const digits = text.slice(end + 1, decimalEnd)
    if (groups > 1 && digits.length > 2) {
      // "1,000.5000"? Not a money figure we can trust; stop before the mark.
    } else if (decimalMark === '.' && text[decimalEnd] === '.' && isDigit(text[decimalEnd + 1])) {
      dotted = true
      decimals = digits
      end = decimalEnd
    } else {
      decimals = digits
      end = decimalEnd
    }
  }
  // "1.2.1" after a grouped-looking start ("1.200.3") is a section number too.
  if (separator === '.' && decimals === '' && text[end] === '.' && isDigit(text[end + 1])) dotted = true

  const raw = text.slice(start, end)
  const integerDigits = raw.slice(0, raw.length - (decimals === '' ? 0 : decimals.length + 1)).replace(/[^0-9]/g, '')
  const integerValue = Number(integerDigits)
  const decimalValue = decimals === '' ? 0 : Number(`0.${decimals}`)
  let value = integerValue + decimalValue
  let thousandsValue: number | undefined
  if (separator === '.' && groups === 2 && decimals === '') {
    // "2.500": ordinary reading 2.5; the thousands reading is kept for euro and Swedish contexts.
    thousandsValue = integerValue
    value = Number(`${firstGroup}.${text.slice(firstEnd + 1, firstEnd + 4)}`)
  }
  return {
    value,
    end,
    raw,
    thousandsValue,
    leadingZero: firstGroup.length > 1 && firstGroup.startsWith('0'),
    grouped: groups > 1 && thousandsValue === undefined,
    dotted,
  }
}

/** Parses a whole string as one number ("1 280 900", "1,80", "€" not included); undefined if it is not exactly one. */
export function parseNumberText(text: string, options: { readonly europeanDots?: boolean } = {}): number | undefined {
  const trimmed = text.trim()
  const reading = readNumber(trimmed, 0)
  if (reading === undefined || reading.end !== trimmed.length || reading.dotted) return undefined
  return options.europeanDots === true && reading.thousandsValue !== undefined ? reading.thousandsValue : reading.value
}
