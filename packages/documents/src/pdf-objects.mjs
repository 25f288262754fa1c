// Plain JavaScript: loaded by the extraction worker, which runs without a TypeScript loader.
// Just enough of PDF's object syntax (ISO 32000 7.2–7.3) to read a stream's dictionary and the
// objects it refers to, so the expansion check (pdf-expansion.mjs) knows each stream's filters.
// Values: numbers, `{ name }`, `{ ref, gen }`, `{ keyword }` (true, null, …), strings as
// `{ string: Uint8Array }`, arrays, and dictionaries as Map from key name to value.

const MAX_DEPTH = 64

/** The PDF's bytes as a one-byte-per-character string, for indexOf and regular expressions. */
export function pdfText(bytes) {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
}

export function isWhiteSpace(code) {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09 || code === 0x0c || code === 0x00
}

function isDelimiter(code) {
  // ( ) < > [ ] { } / %
  return (
    code === 0x28 ||
    code === 0x29 ||
    code === 0x3c ||
    code === 0x3e ||
    code === 0x5b ||
    code === 0x5d ||
    code === 0x7b ||
    code === 0x7d ||
    code === 0x2f ||
    code === 0x25
  )
}

/** A regular character continues a name, a number or a keyword. */
export function isRegular(code) {
  return !Number.isNaN(code) && !isWhiteSpace(code) && !isDelimiter(code)
}

/** Skips white space and comments from `at`; returns the first other position. */
export function skipSpace(text, at) {
  while (at < text.length) {
    const code = text.charCodeAt(at)
    if (isWhiteSpace(code)) at++
    else if (code === 0x25) {
      while (at < text.length && text[at] !== '\n' && text[at] !== '\r') at++
    } else break
  }
  return at
}

function readRegularRun(text, at) {
  let end = at
  while (end < text.length && isRegular(text.charCodeAt(end))) end++
  return end
}

function literalStringEnd(text, at) {
  let depth = 0
  for (let i = at; i < text.length; i++) {
    const character = text[i]
    if (character === '\\') i++
    else if (character === '(') depth++
    else if (character === ')' && --depth === 0) return i + 1
  }
  return -1
}

const ESCAPES = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' }

/** A literal string's bytes as pdf.js reads them: escapes and octal codes resolved, `\` + line end dropped. */
function literalString(body) {
  const decoded = body.replace(/\\([0-7]{1,3}|\r\n?|\n|[^])/g, (_, escaped) => {
    if (escaped[0] === '\r' || escaped === '\n') return ''
    if (/^[0-7]/.test(escaped)) return String.fromCharCode(parseInt(escaped, 8) & 0xff)
    return ESCAPES[escaped] ?? escaped
  })
  return Buffer.from(decoded, 'latin1')
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/
const INTEGER = /^\d+$/

/**
 * Parses one object at `at`; returns `{ value, end }`, or undefined where the syntax is not an
 * object (the caller treats the stream's dictionary as unknown).
 */
export function parseObject(text, at, depth = 0) {
  if (depth > MAX_DEPTH) return undefined
  at = skipSpace(text, at)
  if (at >= text.length) return undefined
  const character = text[at]
  if (character === '<' && text[at + 1] === '<') return parseDictionary(text, at + 2, depth)
  if (character === '[') return parseArray(text, at + 1, depth)
  if (character === '(') {
    const end = literalStringEnd(text, at)
    return end === -1 ? undefined : { value: { string: literalString(text.slice(at + 1, end - 1)) }, end }
  }
  if (character === '<') {
    const end = text.indexOf('>', at)
    if (end === -1) return undefined
    const hex = text.slice(at + 1, end).replace(/[^0-9A-Fa-f]/g, '')
    return { value: { string: Buffer.from(hex.length % 2 === 0 ? hex : `${hex}0`, 'hex') }, end: end + 1 }
  }
  if (character === '/') {
    const end = readRegularRun(text, at + 1)
    const name = text.slice(at + 1, end).replace(/#([0-9A-Fa-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)))
    return { value: { name }, end }
  }
  const end = readRegularRun(text, at)
  if (end === at) return undefined
  const token = text.slice(at, end)
  if (!NUMBER.test(token)) return { value: { keyword: token }, end }
  if (INTEGER.test(token)) {
    // `num gen R` is a reference.
    const genStart = skipSpace(text, end)
    const genEnd = readRegularRun(text, genStart)
    if (genEnd > genStart && INTEGER.test(text.slice(genStart, genEnd))) {
      const rStart = skipSpace(text, genEnd)
      if (text[rStart] === 'R' && !isRegular(text.charCodeAt(rStart + 1))) {
        return { value: { ref: Number(token), gen: Number(text.slice(genStart, genEnd)) }, end: rStart + 1 }
      }
    }
  }
  return { value: Number(token), end }
}

function parseDictionary(text, at, depth) {
  const dictionary = new Map()
  for (;;) {
    at = skipSpace(text, at)
    if (text.startsWith('>>', at)) return { value: dictionary, end: at + 2 }
    const key = parseObject(text, at, depth + 1)
    if (key === undefined || typeof key.value !== 'object' || !('name' in key.value)) return undefined
    const value = parseObject(text, key.end, depth + 1)
    if (value === undefined) return undefined
    dictionary.set(key.value.name, value.value)
    at = value.end
  }
}

function parseArray(text, at, depth) {
  const items = []
  for (;;) {
    at = skipSpace(text, at)
    if (text[at] === ']') return { value: items, end: at + 1 }
    const item = parseObject(text, at, depth + 1)
    if (item === undefined) return undefined
    items.push(item.value)
    at = item.end
  }
}

const OBJECT_HEADER = /(?<![0-9])(\d+)\s+(\d+)\s+obj(?![^\s()<>[\]{}/%])/g

/**
 * Where each object number is defined (`num gen obj`), every definition in file order: updated
 * files define an object again, and which one the reader takes depends on its cross-reference table.
 */
export function indexObjects(text) {
  const index = new Map()
  for (const match of text.matchAll(OBJECT_HEADER)) {
    const number = Number(match[1])
    const definitions = index.get(number) ?? []
    definitions.push({ gen: Number(match[2]), bodyStart: match.index + match[0].length })
    index.set(number, definitions)
  }
  return index
}

/** Every value the reference may stand for (none when its object is compressed or missing). */
export function resolveAll(text, index, value) {
  if (typeof value !== 'object' || value === null || !('ref' in value)) return [value]
  const definitions = index.get(value.ref) ?? []
  return definitions.flatMap((definition) => {
    const parsed = parseObject(text, definition.bodyStart)
    return parsed === undefined ? [] : [parsed.value]
  })
}

/** The value, or the last definition of the object it refers to. */
export function resolve(text, index, value) {
  const values = resolveAll(text, index, value)
  return values[values.length - 1]
}

function objectHeaderAt(text, at) {
  if (isRegular(text.charCodeAt(at + 3))) return undefined
  const header = /(?<![0-9])(\d+)\s+(\d+)\s+$/.exec(text.slice(Math.max(0, at - 24), at))
  return header === null ? undefined : { objectNumber: Number(header[1]), generation: Number(header[2]) }
}

/** Positions of `obj` keywords before `before`, nearest first, no further back than `maxBytes`. */
function* objectKeywordsBefore(text, before, maxBytes) {
  const lowest = Math.max(0, before - maxBytes)
  for (let at = text.lastIndexOf('obj', before); at >= lowest && at !== -1; at = at === 0 ? -1 : text.lastIndexOf('obj', at - 1)) {
    yield at
  }
}

/**
 * The dictionary of the stream whose `stream` keyword starts at `keywordAt`, with its object's
 * number and generation: the nearest `num gen obj` before it whose dictionary ends right there.
 */
export function streamDictionaryBefore(text, keywordAt, maxBytes) {
  for (const at of objectKeywordsBefore(text, keywordAt, maxBytes)) {
    const header = objectHeaderAt(text, at)
    if (header === undefined) continue
    const parsed = parseObject(text, at + 3)
    if (parsed !== undefined && parsed.value instanceof Map && skipSpace(text, parsed.end) === keywordAt) {
      return { dictionary: parsed.value, ...header }
    }
  }
  return undefined
}

/** The number and generation of the nearest `num gen obj` before `before`. */
export function nearestObjectHeader(text, before, maxBytes) {
  for (const at of objectKeywordsBefore(text, before, maxBytes)) {
    const header = objectHeaderAt(text, at)
    if (header !== undefined) return header
  }
  return undefined
}

export function isName(value) {
  return typeof value === 'object' && value !== null && 'name' in value
}
