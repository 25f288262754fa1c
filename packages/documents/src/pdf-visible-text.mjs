// Plain JavaScript: loaded by the extraction worker, which runs without a TypeScript loader.
// Keeps only the text a reader of the page can see (issue 14): pdf.js's getTextContent gives every
// string a page draws, including text in render mode 3 (invisible, e.g. a leftover layer), text in
// the colour of what lies under it (white on white) and text in optional content that is off.
// pdf.js already leaves out glyphs that start outside the page box. Each glyph's visibility comes
// from the page's paints (pdf-paints.mjs); the text items' characters are then matched to the
// glyphs in order, since pdf.js builds the items from the same glyphs in the same order.

/** Colours whose channels all differ by at most this much (of 255) cannot be told apart on a page. */
const INDISTINGUISHABLE_COLOUR_DIFFERENCE = 16
/** A filled area thinner than this (PDF points) is a rule or border, never the ground under text. */
const MIN_GROUND_SIZE = 1
/** Areas looked at, newest first, for the ground under one glyph; past that it counts as unknown. */
const MAX_GROUND_LOOKUPS = 500
/** How far ahead an item's character is looked for among the glyphs (pdf.js skips a few glyphs). */
const MATCH_WINDOW = 64
/** What a page shows where nothing was painted. */
const PAPER = '#ffffff'

const channels = new Map()

function rgb(color) {
  if (color === undefined) return undefined
  let known = channels.get(color)
  if (known === undefined) {
    const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color)
    known = match ? [1, 2, 3].map((i) => parseInt(match[i] ?? '0', 16)) : null
    channels.set(color, known)
  }
  return known ?? undefined
}

function indistinguishable(a, b) {
  const [x, y] = [rgb(a), rgb(b)]
  if (x === undefined || y === undefined) return false
  return x.every((channel, i) => Math.abs(channel - (y[i] ?? 0)) <= INDISTINGUISHABLE_COLOUR_DIFFERENCE)
}

function contains([x0, y0, x1, y1], [x, y]) {
  return x >= x0 && x <= x1 && y >= y0 && y <= y1
}

function outside([x0, y0, x1, y1], [vx0, vy0, vx1, vy1]) {
  return x1 < vx0 || x0 > vx1 || y1 < vy0 || y0 > vy1
}

/** Colour under `point` among the areas painted so far: a colour, PAPER, or undefined (image, shading). */
function groundAt(grounds, point) {
  const last = Math.max(0, grounds.length - MAX_GROUND_LOOKUPS)
  for (let i = grounds.length - 1; i >= last; i--) {
    const ground = grounds[i]
    if (ground !== undefined && contains(ground.box, point)) return ground.color
  }
  return grounds.length > MAX_GROUND_LOOKUPS ? undefined : PAPER
}

function groundOf(paint) {
  if (paint.type === 'fill') {
    const [x0, y0, x1, y1] = paint.box
    return x1 - x0 < MIN_GROUND_SIZE || y1 - y0 < MIN_GROUND_SIZE ? undefined : paint
  }
  // An image's pixels are not looked at: text over an image counts as visible.
  if (paint.type === 'image') return { box: imageBox(paint.matrix), color: undefined }
  return undefined
}

function imageBox(m) {
  const xs = [m[4], m[0] + m[4], m[2] + m[4], m[0] + m[2] + m[4]]
  const ys = [m[5], m[1] + m[5], m[3] + m[5], m[1] + m[3] + m[5]]
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]
}

/**
 * The page's glyphs in order, each with `shown` (a reader sees it) and `listed` (pdf.js put it in
 * the text content: its origin lies in the page box `view`).
 */
export function glyphVisibility(paints, view) {
  const grounds = []
  const glyphs = []
  for (const paint of paints) {
    if (paint.type !== 'glyph') {
      const ground = groundOf(paint)
      if (ground !== undefined) grounds.push(ground)
      continue
    }
    const [x, y] = paint.origin
    const listed = !(x + paint.width < view[0] || x > view[2] || y < view[1] || y > view[3])
    let shown = !paint.hidden && !outside(paint.box, view)
    // A space shows nothing either way, and is not matched to the text items.
    if (shown && paint.text.trim() !== '') {
      const [x0, y0, x1, y1] = paint.box
      const ground = groundAt(grounds, [(x0 + x1) / 2, (y0 + y1) / 2])
      shown = !paint.colors.every((color) => indistinguishable(color, ground))
    }
    glyphs.push({ text: paint.text, shown, listed })
  }
  return glyphs
}

/** Non-space characters of the listed glyphs, normalised as pdf.js normalises item strings. */
function characterSequence(glyphs, normalize) {
  const sequence = []
  for (const glyph of glyphs) {
    if (!glyph.listed) continue
    // Only text beyond printable ASCII can change under normalisation (ligatures, compatibility forms).
    const text = /[^ -~]/.test(glyph.text) ? normalize(glyph.text) : glyph.text
    for (const character of text) {
      if (!/\s/u.test(character)) sequence.push({ character, shown: glyph.shown })
    }
  }
  return sequence
}

function findAhead(sequence, from, character) {
  const end = Math.min(sequence.length, from + MATCH_WINDOW)
  for (let i = from; i < end; i++) if (sequence[i]?.character === character) return i
  return -1
}

/**
 * `items` (getTextContent's) without the characters of glyphs no one sees. A character that
 * cannot be matched to a glyph is kept. An item left with no text is dropped; the line it ended
 * then ends with the item before it.
 */
export function visibleTextItems(items, glyphs, normalize) {
  if (glyphs.every((glyph) => glyph.shown)) return items
  const sequence = characterSequence(glyphs, normalize)
  let next = 0
  const visible = []
  for (const item of items) {
    if (typeof item.str !== 'string') continue
    let text = ''
    let removed = false
    for (const character of item.str) {
      const at = /\s/u.test(character) ? -1 : findAhead(sequence, next, character)
      if (at !== -1) next = at + 1
      if (at === -1 || sequence[at]?.shown) text += character
      else removed = true
    }
    if (!removed) visible.push(item)
    else if (text.trim() !== '') visible.push({ ...item, str: text })
    else if (item.hasEOL && visible.length > 0) visible[visible.length - 1] = { ...visible.at(-1), hasEOL: true }
  }
  return visible
}
