// The landing page's testimonial portraits are the project's own drawings (issue 18): self-contained
// SVG files that load nothing from anywhere and run nothing. This test reads every file in the
// folder and fails if one is malformed, hot-linked, scripted, carries raster data or grows too big.
//
// Well-formedness is checked by @xmldom/xmldom with every warning and error fatal (it is more lenient
// than a browser on a few malformations; the landing page's browser test sees every portrait render);
// DOCTYPE (which could declare entities), CDATA and processing instructions are refused on top.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { DOMParser } from '@xmldom/xmldom'
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

const ELEMENT_NODE = 1
const CDATA_SECTION_NODE = 4
const PROCESSING_INSTRUCTION_NODE = 7

function toElement(element: Element): XmlElement {
  const attributes = new Map<string, string>()
  for (let index = 0; index < element.attributes.length; index += 1) {
    const attribute = element.attributes.item(index)
    if (attribute !== null) attributes.set(attribute.name, attribute.value)
  }
  const children: XmlElement[] = []
  for (let node: Node | null = element.firstChild; node !== null; node = node.nextSibling) {
    if (node.nodeType === CDATA_SECTION_NODE) throw new XmlSyntaxError('CDATA section')
    if (node.nodeType === PROCESSING_INSTRUCTION_NODE) throw new XmlSyntaxError('processing instruction')
    if (node.nodeType === ELEMENT_NODE) children.push(toElement(node as Element))
  }
  return { name: element.tagName, attributes, children, text: element.textContent ?? '' }
}

/** The document's root element; any warning or error of the parser, a DOCTYPE, CDATA or processing instruction throws. */
function parseXml(source: string): XmlElement {
  const fail = (message: string): never => {
    throw new XmlSyntaxError(message)
  }
  const document = new DOMParser({ errorHandler: { warning: fail, error: fail, fatalError: fail } }).parseFromString(source, 'text/xml')
  if (document.doctype !== null) fail('DOCTYPE')
  for (let node: Node | null = document.firstChild; node !== null; node = node.nextSibling) {
    if (node.nodeType === PROCESSING_INSTRUCTION_NODE && node.nodeName !== 'xml') fail('processing instruction')
  }
  const root = document.documentElement
  return root === null ? fail('no root element') : toElement(root)
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
    ['two roots', '<svg/><svg/>'],
    ['a duplicate attribute', '<svg a="1" a="2"/>'],
    ['an unquoted attribute', '<svg a=1/>'],
    ['attributes without space', '<svg a="1"b="2"/>'],
    ['an unknown entity', '<svg>&nbsp;</svg>'],
    ['a DOCTYPE', '<!DOCTYPE svg [<!ENTITY e "x">]><svg/>'],
    ['a CDATA section', '<svg><![CDATA[x]]></svg>'],
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
