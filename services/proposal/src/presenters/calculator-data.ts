// A stored calculatorData as a proposal's visitor gets it (issue 15). The prospect's page shows one
// neutral source line per input ("From the proposal, p. 3", "Estimate — adjust to your situation")
// and the price's origin ("from the offer, p. 3"): it reads a source's kind and page, nothing else.
// The seller's quoted passages and generation notes ("Assumption — no figure in the document") are
// for the seller's screen, so a visitor's copy carries neither.

type JsonRecord = Record<string, unknown>

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * A source's kind, its page when it has one, and whether the seller checked an assumed figure (issue
 * 36: the page says so, and a checked figure may be fixed); anything that is not a source is left as it is.
 */
function shownSource(source: unknown): unknown {
  if (!isRecord(source) || typeof source.kind !== 'string') return source
  return {
    kind: source.kind,
    ...(typeof source.page === 'number' ? { page: source.page } : {}),
    ...(source.confirmed === true ? { confirmed: true } : {}),
  }
}

function withShownSource(item: unknown): unknown {
  if (!isRecord(item) || !('source' in item)) return item
  return { ...item, source: shownSource(item.source) }
}

/**
 * The calculator a visitor's page renders: the stored one with each parameter's source and the
 * price's source cut down to kind and page. The owner's answer keeps the whole stored calculator.
 */
export function presentCalculatorData(calculatorData: unknown, viewer: { isOwner: boolean }): unknown {
  if (viewer.isOwner || !isRecord(calculatorData)) return calculatorData
  return {
    ...calculatorData,
    ...(Array.isArray(calculatorData.parameters) ? { parameters: calculatorData.parameters.map(withShownSource) } : {}),
    ...('price' in calculatorData ? { price: withShownSource(calculatorData.price) } : {}),
  }
}
