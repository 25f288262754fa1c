// The landing page's testimonial portraits are the project's own drawings (issue 18): self-contained
// SVG files that load nothing from anywhere and run nothing. This test reads every file in the
// folder and fails if one is malformed, hot-linked, scripted, carries raster data or grows too big.
//
// No XML parser is a dependency of the repository (fast-xml-parser and @xmldom/xmldom are only
// transitive ones of minio and mammoth), so a small strict reader below checks well-formedness
// character by character: one root, matched tags, quoted unique attributes, valid references, no
// DOCTYPE (which could declare entities), CDATA or processing instructions. It is stricter than
// XML (ASCII names only), never looser, which is what a guard needs.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const FOLDER = fileURLToPath(new URL('.', import.meta.url))

/** "Each under 4 KB": small enough to stay a cheap request on the landing page. */
const MAX_PORTRAIT_BYTES = 4 * 1024

const PEOPLE: Readonly<Record<string, string>> = {
  'maria-lindqvist.svg': 'Maria Lindqvist',
  'james-okafor.svg': 'James Okafor',
  'priya-raman.svg': 'Priya Raman',
  'erik-johansson.svg': 'Erik Johansson',
  'sofia-alvarez.svg': 'Sofia Alvarez',
  'david-chen.svg': 'David Chen',
}

/** Simple shapes only: no <image>, <use>, <a>, <style>, <script>, <foreignObject> or filters. */
const ALLOWED_ELEMENTS = new Set(['svg', 'title', 'defs', 'clipPath', 'g', 'rect', 'circle', 'ellipse', 'path'])

/** Searched case-insensitively in the raw text, whatever element or attribute carries them. */
const FORBIDDEN_TEXT = ['href', 'url(http', '<script', '<image', '<foreignobject', '@import', 'data:', 'javascript:']

interface XmlElement {
  name: string
  attributes: Map<string, string>
  children: XmlElement[]
  text: string
}

class XmlSyntaxError extends Error {}

const PREDEFINED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r'
const isNameStart = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || c === ':'
const isNameChar = (c: string) => isNameStart(c) || (c >= '0' && c <= '9') || c === '-' || c === '.'
const isDigitIn = (c: string, radix: number) => c !== '' && !Number.isNaN(Number.parseInt(c, radix))

class XmlReader {
  private at = 0

  constructor(private readonly source: string) {}

  document(): XmlElement {
    if (this.source.startsWith('<?xml ')) this.at = this.indexAfter('?>')
    this.misc()
    if (this.peek() !== '<') this.fail('expected the root element')
    const root = this.element()
    this.misc()
    if (this.at !== this.source.length) this.fail('content after the root element')
    return root
  }

  private fail(message: string): never {
    throw new XmlSyntaxError(`${message} at offset ${this.at}`)
  }

  private peek(): string {
    return this.source.charAt(this.at)
  }

  private eat(token: string): boolean {
    if (!this.source.startsWith(token, this.at)) return false
    this.at += token.length
    return true
  }

  private indexAfter(token: string): number {
    const end = this.source.indexOf(token, this.at)
    if (end < 0) this.fail(`missing ${token}`)
    return end + token.length
  }

  private spaces(): boolean {
    const start = this.at
    while (isSpace(this.peek())) this.at++
    return this.at > start
  }

  private misc(): void {
    for (this.spaces(); this.source.startsWith('<!--', this.at); this.spaces()) this.comment()
  }

  private comment(): void {
    const end = this.indexAfter('-->')
    if (this.source.slice(this.at + 4, end - 3).includes('--')) this.fail('"--" inside a comment')
    this.at = end
  }

  private name(): string {
    const start = this.at
    if (!isNameStart(this.peek())) this.fail('expected a name')
    while (isNameChar(this.peek())) this.at++
    return this.source.slice(start, this.at)
  }

  private element(): XmlElement {
    this.eat('<')
    const element: XmlElement = { name: this.name(), attributes: new Map(), children: [], text: '' }
    for (;;) {
      const spaced = this.spaces()
      if (this.eat('/>')) return element
      if (this.eat('>')) break
      if (!spaced) this.fail('expected whitespace before an attribute')
      const name = this.name()
      if (element.attributes.has(name)) this.fail(`duplicate attribute ${name}`)
      this.spaces()
      if (!this.eat('=')) this.fail('expected =')
      this.spaces()
      element.attributes.set(name, this.quoted())
    }
    for (;;) {
      if (this.at >= this.source.length) this.fail(`unclosed <${element.name}>`)
      if (this.eat('</')) {
        if (this.name() !== element.name) this.fail(`mismatched closing tag for <${element.name}>`)
        this.spaces()
        if (!this.eat('>')) this.fail('expected >')
        return element
      }
      if (this.source.startsWith('<!--', this.at)) this.comment()
      else if (this.source.startsWith('<!', this.at) || this.source.startsWith('<?', this.at)) {
        this.fail('DOCTYPE, CDATA and processing instructions are not allowed')
      } else if (this.peek() === '<') element.children.push(this.element())
      else element.text += this.character()
    }
  }

  private quoted(): string {
    const quote = this.peek()
    if (quote !== '"' && quote !== "'") this.fail('expected a quoted attribute value')
    this.at++
    let value = ''
    while (!this.eat(quote)) {
      if (this.at >= this.source.length || this.peek() === '<') this.fail('unterminated attribute value')
      value += this.character()
    }
    return value
  }

  private character(): string {
    const c = this.peek()
    if (c === '&') return this.reference()
    if (c < ' ' && !isSpace(c)) this.fail('control character')
    this.at++
    return c
  }

  private reference(): string {
    const end = this.indexAfter(';')
    const body = this.source.slice(this.at + 1, end - 1)
    this.at = end
    if (!body.startsWith('#')) {
      const entity = PREDEFINED_ENTITIES[body]
      return entity ?? this.fail(`unknown entity &${body};`)
    }
    const radix = body.startsWith('#x') ? 16 : 10
    const digits = body.slice(radix === 16 ? 2 : 1)
    if (digits === '' || ![...digits].every((c) => isDigitIn(c, radix))) this.fail(`bad reference &${body};`)
    const code = Number.parseInt(digits, radix)
    if (code > 0x10ffff || (code < 0x20 && !isSpace(String.fromCharCode(code)))) this.fail(`bad character &${body};`)
    return String.fromCodePoint(code)
  }
}

function parseXml(source: string): XmlElement {
  return new XmlReader(source).document()
}

function* elementsOf(element: XmlElement): Generator<XmlElement> {
  yield element
  for (const child of element.children) yield* elementsOf(child)
}

/** Every reason `source` is not an acceptable portrait of `person`; empty when it is one. */
function portraitProblems(source: string, person: string): string[] {
  const problems: string[] = []
  if (Buffer.byteLength(source) >= MAX_PORTRAIT_BYTES) problems.push(`${Buffer.byteLength(source)} bytes, not under 4 KB`)
  const lower = source.toLowerCase()
  for (const text of FORBIDDEN_TEXT) if (lower.includes(text)) problems.push(`contains "${text}"`)
  let root: XmlElement
  try {
    root = parseXml(source)
  } catch (error) {
    return [...problems, `not well-formed XML: ${(error as Error).message}`]
  }
  if (root.name !== 'svg') problems.push(`root is <${root.name}>, not <svg>`)
  if (root.attributes.get('xmlns') !== 'http://www.w3.org/2000/svg') problems.push('no SVG namespace')
  if (root.attributes.get('viewBox') !== '0 0 96 96') problems.push('viewBox is not "0 0 96 96"')
  if (root.attributes.get('role') !== 'img') problems.push('no role="img"')
  const title = root.children[0]
  if (title?.name !== 'title' || title.text.trim() !== person) problems.push(`first child is not <title>${person}</title>`)
  for (const element of elementsOf(root)) {
    if (!ALLOWED_ELEMENTS.has(element.name)) problems.push(`element <${element.name}>`)
    for (const [name, value] of element.attributes) {
      if (name.toLowerCase().startsWith('on')) problems.push(`event handler ${name}`)
      if (
        value
          .split('url(')
          .slice(1)
          .some((rest) => !rest.startsWith('#'))
      )
        problems.push(`${name} refers outside the file`)
    }
  }
  return problems
}

const read = (file: string) => readFileSync(`${FOLDER}/${file}`, 'utf8')

describe('the testimonial portraits', () => {
  it('are exactly the six drawn people, and nothing else is in the folder', () => {
    const assets = readdirSync(FOLDER).filter((file) => !file.endsWith('.ts'))
    expect(assets.sort()).toEqual(Object.keys(PEOPLE).sort())
  })

  it.each(Object.entries(PEOPLE))('%s is a well-formed, self-contained portrait of %s', (file, person) => {
    expect(portraitProblems(read(file), person)).toEqual([])
  })
})

describe('the portrait check', () => {
  const person = 'Maria Lindqvist'
  const sample = read('maria-lindqvist.svg')
  const withShape = (shape: string) => sample.replace('</svg>', `${shape}</svg>`)

  it.each([
    ['a hot-linked image', withShape('<image href="https://example.com/p.png" width="96" height="96"/>'), 'href'],
    ['an xlink:href', withShape('<use xlink:href="https://example.com/s.svg#a"/>'), 'href'],
    ['a script', withShape('<script>fetch("/api")</script>'), '<script'],
    ['a CSS url', withShape('<rect width="9" height="9" style="fill:url(https://example.com/g.svg#g)"/>'), 'url(http'],
    ['a protocol-relative CSS url', withShape('<rect width="9" height="9" fill="url(//example.com/g.svg#g)"/>'), 'refers outside'],
    [
      'a foreignObject',
      withShape('<foreignObject width="9" height="9"><p xmlns="http://www.w3.org/1999/xhtml">hi</p></foreignObject>'),
      'foreignobject',
    ],
    ['an @import', withShape("<style>@import 'https://example.com/a.css';</style>"), '@import'],
    ['a style sheet', withShape('<style>rect{fill:red}</style>'), 'element <style>'],
    ['raster data', withShape('<image href="data:image/png;base64,iVBORw0KGgo=" width="9" height="9"/>'), 'data:'],
    ['an event handler', sample.replace('role="img"', 'role="img" onload="alert(1)"'), 'onload'],
    ['no role', sample.replace(' role="img"', ''), 'role="img"'],
    ['no title', sample.replace(`<title id="t">${person}</title>`, ''), '<title>'],
    ['an empty title', sample.replace(`>${person}<`, '> <'), '<title>'],
    ['another viewBox', sample.replace('0 0 96 96', '0 0 48 48'), 'viewBox'],
    ['too many bytes', withShape(`<!-- ${'x'.repeat(MAX_PORTRAIT_BYTES)} -->`), 'not under 4 KB'],
    ['malformed markup', sample.replace('</defs>', ''), 'not well-formed'],
  ])('rejects a portrait with %s', (_case, source, reason) => {
    expect(portraitProblems(source, person).join('\n')).toContain(reason)
  })

  it.each([
    ['an unclosed element', '<svg><g></svg>'],
    ['a stray closing tag', '<svg></g></svg>'],
    ['two roots', '<svg/><svg/>'],
    ['text after the root', '<svg/>x'],
    ['a duplicate attribute', '<svg a="1" a="2"/>'],
    ['an unquoted attribute', '<svg a=1/>'],
    ['attributes without space', '<svg a="1"b="2"/>'],
    ['a < in an attribute', '<svg a="<"/>'],
    ['a bare ampersand', '<svg>a & b</svg>'],
    ['an unknown entity', '<svg>&nbsp;</svg>'],
    ['a bad character reference', '<svg>&#xZZ;</svg>'],
    ['a DOCTYPE', '<!DOCTYPE svg [<!ENTITY e "x">]><svg/>'],
    ['a CDATA section', '<svg><![CDATA[x]]></svg>'],
    ['-- in a comment', '<svg><!-- a -- b --></svg>'],
  ])('XML reader rejects %s', (_case, source) => {
    expect(() => parseXml(source)).toThrow(XmlSyntaxError)
  })

  it('XML reader reads declarations, comments, references and nesting', () => {
    const root = parseXml('<?xml version="1.0"?>\n<!-- c --><svg a=\'1 &amp; 2\'><title>A &#66;&#x43;</title><g/></svg>\n')
    expect(root.attributes.get('a')).toBe('1 & 2')
    expect(root.children.map((child) => child.name)).toEqual(['title', 'g'])
    expect(root.children[0]?.text).toBe('A BC')
  })
})
