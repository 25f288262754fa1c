// Plain JavaScript: loaded by the extraction worker, which runs without a TypeScript loader.
// What a PDF page paints, in order, read from pdf.js's operator list: filled areas and images with
// their place on the page, and every glyph of text with its box and whether it can be seen. The
// visible-text filter (pdf-visible-text.mjs) and the scan rasteriser (pdf-scan-raster.mjs) read it.
// The text state follows pdf.js's own canvas renderer (display/canvas.js), so positions agree with
// getTextContent's.

const IDENTITY = [1, 0, 0, 1, 0, 0]
/** Text rendering modes 3 (neither fill nor stroke) and 7 (clip only) paint nothing. */
const PAINTS_NOTHING = 3
/** Share of the font size above and below the baseline when a font gives no ascent or descent. */
const DEFAULT_ASCENT = 0.8
const DEFAULT_DESCENT = -0.2

export function multiply(m, n) {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ]
}

export function applyToPoint(m, x, y) {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]]
}

/** Axis-aligned box [x0, y0, x1, y1] of the rectangle `box` mapped by `m` (once per glyph: no arrays in between). */
export function boxThrough(m, [x0, y0, x1, y1]) {
  const [ax, bx, ay, by] = [m[0] * x0, m[0] * x1, m[2] * y0, m[2] * y1]
  const [cx, dx, cy, dy] = [m[1] * x0, m[1] * x1, m[3] * y0, m[3] * y1]
  return [
    Math.min(ax, bx) + Math.min(ay, by) + m[4],
    Math.min(cx, dx) + Math.min(cy, dy) + m[5],
    Math.max(ax, bx) + Math.max(ay, by) + m[4],
    Math.max(cx, dx) + Math.max(cy, dy) + m[5],
  ]
}

function initialState() {
  return {
    ctm: IDENTITY,
    fill: '#000000',
    stroke: '#000000',
    fillAlpha: 1,
    strokeAlpha: 1,
    /** Inside a soft mask: what is painted shows only partly, in a colour no one can predict here. */
    softMasked: false,
    textMode: 0,
    font: undefined,
    fontSize: 0,
    charSpacing: 0,
    wordSpacing: 0,
    hScale: 1,
    leading: 0,
    rise: 0,
    textMatrix: IDENTITY,
    x: 0,
    y: 0,
    lineX: 0,
    lineY: 0,
  }
}

/**
 * The page's paints in painting order:
 *   { type: 'fill', box, color } — a filled path or shading; color '#rrggbb', or undefined when it
 *     is not one known colour (a pattern, a shading, partly transparent or soft-masked);
 *   { type: 'image', matrix, object, crop? } — an image drawn on the unit square mapped by `matrix`;
 *     `object` is a pdf.js object id or the image data itself; `crop` a sub-rectangle of it;
 *   { type: 'mask', matrix, object, color } — a stencil mask painted in `color`;
 *   { type: 'glyph', text, box, origin, width, hidden, colors } — one glyph; `hidden` when pdf.js
 *     would not paint it (render mode 3 or 7, fully transparent, not in the font, or in optional
 *     content that is off); `colors` the fill and/or stroke colours it is painted in.
 * `commonObjs` resolves fonts; `isVisible(properties)` answers for optional content groups.
 */
export function listPaints(operatorList, { OPS, commonObjs, isVisible = () => true }) {
  const handlers = paintHandlers(OPS)
  const walk = { state: initialState(), stack: [], visibility: [], paints: [], commonObjs, isVisible }
  const { fnArray, argsArray } = operatorList
  for (let i = 0; i < fnArray.length; i++) handlers.get(fnArray[i])?.(walk, argsArray[i] ?? [])
  return walk.paints
}

function contentVisible(walk) {
  return walk.visibility.every(Boolean)
}

function save(walk) {
  walk.stack.push(walk.state)
  walk.state = { ...walk.state }
}

function restore(walk) {
  walk.state = walk.stack.pop() ?? walk.state
}

function transform(walk, matrix) {
  walk.state.ctm = multiply(walk.state.ctm, matrix)
}

function moveText(walk, x, y) {
  const s = walk.state
  s.x = s.lineX += x
  s.y = s.lineY += y
}

function fillColor(walk) {
  return walk.state.fillAlpha > 0 ? walk.state.fill : undefined
}

/** What a fill leaves on the page: its colour, undefined when that is not one known colour, or null for nothing. */
function groundColor(walk) {
  const { fill, fillAlpha, softMasked } = walk.state
  if (fillAlpha <= 0) return null
  return fillAlpha < 1 || softMasked ? undefined : fill
}

function addImage(walk, matrix, object, crop) {
  if (contentVisible(walk)) walk.paints.push({ type: 'image', matrix, object, ...(crop ? { crop } : {}) })
}

function addMask(walk, matrix, object) {
  const color = fillColor(walk)
  if (contentVisible(walk) && color !== undefined) walk.paints.push({ type: 'mask', matrix, object, color })
}

function paintHandlers(OPS) {
  const fills = new Set([OPS.fill, OPS.eoFill, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke])
  const text = (walk, [glyphs]) => showText(walk, glyphs)
  return new Map([
    [OPS.save, save],
    [OPS.restore, restore],
    [OPS.transform, (walk, matrix) => transform(walk, matrix)],
    [OPS.paintFormXObjectBegin, (walk, [matrix]) => (save(walk), matrix && transform(walk, matrix))],
    [OPS.paintFormXObjectEnd, restore],
    [OPS.beginGroup, beginGroup],
    [OPS.endGroup, restore],
    [OPS.setFillRGBColor, (walk, [color]) => (walk.state.fill = color)],
    [OPS.setStrokeRGBColor, (walk, [color]) => (walk.state.stroke = color)],
    [OPS.setFillColorN, (walk) => (walk.state.fill = undefined)],
    [OPS.setStrokeColorN, (walk) => (walk.state.stroke = undefined)],
    [OPS.setFillTransparent, (walk) => (walk.state.fillAlpha = 0)],
    [OPS.setStrokeTransparent, (walk) => (walk.state.strokeAlpha = 0)],
    [OPS.setGState, setGState],
    [OPS.beginMarkedContent, (walk) => walk.visibility.push(true)],
    [OPS.beginMarkedContentProps, beginMarkedContentProps],
    [OPS.endMarkedContent, (walk) => walk.visibility.pop()],
    [OPS.constructPath, (walk, [op, , minMax]) => fills.has(op) && minMax && addFill(walk, minMax, groundColor(walk))],
    [OPS.shadingFill, (walk) => addFill(walk, [-Infinity, -Infinity, Infinity, Infinity], undefined)],
    [OPS.paintSolidColorImageMask, (walk) => addFill(walk, [0, 0, 1, 1], groundColor(walk))],
    [OPS.paintImageXObject, (walk, [id]) => addImage(walk, walk.state.ctm, id)],
    [OPS.paintInlineImageXObject, (walk, [data]) => addImage(walk, walk.state.ctm, data)],
    [OPS.paintImageXObjectRepeat, paintImageRepeat],
    [OPS.paintInlineImageXObjectGroup, paintInlineImageGroup],
    [OPS.paintImageMaskXObject, (walk, [mask]) => addMask(walk, walk.state.ctm, mask)],
    [OPS.paintImageMaskXObjectGroup, paintMaskGroup],
    [OPS.paintImageMaskXObjectRepeat, paintMaskRepeat],
    [OPS.beginText, beginText],
    [OPS.setFont, setFont],
    [OPS.setTextMatrix, setTextMatrix],
    [OPS.moveText, (walk, [x, y]) => moveText(walk, x, y)],
    [OPS.setLeadingMoveText, (walk, [x, y]) => ((walk.state.leading = y), moveText(walk, x, y))],
    [OPS.setLeading, (walk, [leading]) => (walk.state.leading = -leading)],
    [OPS.nextLine, (walk) => moveText(walk, 0, walk.state.leading)],
    [OPS.setCharSpacing, (walk, [spacing]) => (walk.state.charSpacing = spacing)],
    [OPS.setWordSpacing, (walk, [spacing]) => (walk.state.wordSpacing = spacing)],
    [OPS.setHScale, (walk, [scale]) => (walk.state.hScale = scale / 100)],
    [OPS.setTextRise, (walk, [rise]) => (walk.state.rise = rise)],
    [OPS.setTextRenderingMode, (walk, [mode]) => (walk.state.textMode = mode)],
    [OPS.showText, text],
    [OPS.showSpacedText, text],
  ])
}

function setGState(walk, [entries]) {
  for (const [key, value] of entries ?? []) {
    if (key === 'ca') walk.state.fillAlpha = value
    else if (key === 'CA') walk.state.strokeAlpha = value
    else if (key === 'SMask') walk.state.softMasked = walk.state.softMasked || Boolean(value)
    else if (key === 'Font') setFont(walk, value)
  }
}

function beginMarkedContentProps(walk, [tag, properties]) {
  let visible = true
  if (tag === 'OC' && properties) {
    try {
      visible = walk.isVisible(properties)
    } catch {
      // A broken optional-content reference: pdf.js shows such content, and so do we.
    }
  }
  walk.visibility.push(visible)
}

function addFill(walk, box, color) {
  if (contentVisible(walk) && color !== null) walk.paints.push({ type: 'fill', box: boxThrough(walk.state.ctm, box), color })
}

function beginGroup(walk, [group]) {
  save(walk)
  if (group?.matrix) transform(walk, group.matrix)
  if (group?.smask) walk.state.softMasked = true
}

function paintImageRepeat(walk, [id, scaleX, scaleY, positions]) {
  for (let i = 0; i < positions.length; i += 2) {
    addImage(walk, multiply(walk.state.ctm, [scaleX, 0, 0, scaleY, positions[i], positions[i + 1]]), id)
  }
}

function paintInlineImageGroup(walk, [data, map]) {
  for (const { transform: matrix, x, y, w, h } of map) {
    // The canvas flips each entry so the atlas's rows run top to bottom.
    addImage(walk, multiply(walk.state.ctm, matrix), data, { x, y, width: w, height: h })
  }
}

function paintMaskGroup(walk, [images]) {
  for (const image of images) addMask(walk, multiply(walk.state.ctm, image.transform), image)
}

function paintMaskRepeat(walk, [mask, scaleX, skewX, skewY, scaleY, positions]) {
  for (let i = 0; i < positions.length; i += 2) {
    addMask(walk, multiply(walk.state.ctm, [scaleX, skewX, skewY, scaleY, positions[i], positions[i + 1]]), mask)
  }
}

function beginText(walk) {
  const s = walk.state
  s.textMatrix = IDENTITY
  s.x = s.lineX = s.y = s.lineY = 0
}

function setTextMatrix(walk, args) {
  // pdf.js passes the matrix as one typed array (v5) or as six numbers (older builds).
  const matrix = args.length === 1 ? Array.from(args[0]) : args.slice(0, 6)
  const s = walk.state
  s.textMatrix = matrix
  s.x = s.lineX = s.y = s.lineY = 0
}

function setFont(walk, [name, size]) {
  let font
  try {
    font = walk.commonObjs.get(name)
  } catch {
    font = undefined
  }
  walk.state.font = font
  walk.state.fontSize = size
}

function glyphColors(state) {
  const mode = state.textMode & 3
  const colors = []
  if ((mode === 0 || mode === 2) && state.fillAlpha > 0) colors.push(state.fill)
  if ((mode === 1 || mode === 2) && state.strokeAlpha > 0) colors.push(state.stroke)
  return colors
}

/** One paint per glyph, advancing the text position as pdf.js's canvas showText does. */
function showText(walk, glyphs) {
  const s = walk.state
  const font = s.font
  if (!Array.isArray(glyphs) || font === undefined || s.fontSize === 0) return
  const fontSize = Math.abs(s.fontSize)
  const direction = s.fontSize < 0 ? -1 : 1
  const fontMatrix = font.fontMatrix ?? [0.001, 0, 0, 0.001, 0, 0]
  const advanceScale = fontSize * fontMatrix[0]
  const hScale = s.hScale * direction
  const textToPage = multiply(s.ctm, s.textMatrix)
  const colors = glyphColors(s)
  const modeHidden = (s.textMode & 3) === PAINTS_NOTHING || colors.length === 0 || !contentVisible(walk)
  const ascent = (font.ascent || DEFAULT_ASCENT) * fontSize
  const descent = (font.descent || DEFAULT_DESCENT) * fontSize
  let x = 0
  for (const glyph of glyphs) {
    if (typeof glyph === 'number') {
      x += ((font.vertical ? 1 : -1) * glyph * fontSize) / 1000
      continue
    }
    if (glyph === null || typeof glyph !== 'object') continue
    const spacing = (glyph.isSpace ? s.wordSpacing : 0) + s.charSpacing
    const width = (font.vertical ? -(glyph.vmetric?.[0] ?? glyph.width) : glyph.width) * advanceScale
    const left = font.vertical ? s.x - fontSize / 2 : s.x + x * hScale
    const baseline = font.vertical ? s.y - x - width : s.y + s.rise
    const extent = font.vertical ? fontSize : width * hScale
    const drawn = font.isType3Font || glyph.isInFont !== false || font.missingFile === true
    walk.paints.push({
      type: 'glyph',
      text: glyph.unicode ?? '',
      origin: applyToPoint(textToPage, left, baseline),
      width: extent,
      box: boxThrough(textToPage, [left, baseline + descent, left + extent, baseline + ascent]),
      hidden: modeHidden || !drawn,
      colors,
    })
    x += font.vertical ? width - spacing * direction : width + spacing * direction
  }
  if (font.vertical) s.y -= x
  else s.x += x * hScale
}
