// Long lists under a calculator fold (issue 36): an explanation or a quoted price that lists 44 fees
// shows one line, "44 fees — show", and the list one item a line when opened. Short texts stay as
// they are.
import type { CalculatorLanguage } from '@valueproof/formula'

/** More items than this fold. */
export const FOLD_AFTER = 6

export type TextPart = { readonly kind: 'text'; readonly text: string } | { readonly kind: 'list'; readonly items: readonly string[] }

const BULLET = /^\s*(?:[-•*–]|\d+[.)])\s+/
const MONEY = /[$€£]|(?<![\p{L}])(?:kr|sek|usd|eur)(?![\p{L}])/iu

/** A line's list items when it is a long '; '-separated list, after any lead ("Fees: a; b; …"). */
function inlineList(line: string): TextPart[] | undefined {
  const parts = line
    .split(/;\s+/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
  if (parts.length <= FOLD_AFTER) return undefined
  const [first = '', ...rest] = parts
  const colon = first.indexOf(': ')
  if (colon < 0) return [{ kind: 'list', items: parts }]
  return [
    { kind: 'text', text: first.slice(0, colon + 1) },
    { kind: 'list', items: [first.slice(colon + 2), ...rest] },
  ]
}

/** The text as shown: its long lists (many lines, or many '; '-separated items on a line) apart, to fold. */
export function foldedParts(text: string): TextPart[] {
  const lines = text.split('\n').filter((line) => line.trim() !== '')
  if (lines.length > FOLD_AFTER + 1) {
    // A lead line ("The fees:") stays in view above its list.
    const [first = '', ...rest] = lines
    const lead = first.trim().endsWith(':') ? [{ kind: 'text', text: first.trim() } as const] : []
    const items = (lead.length > 0 ? rest : lines).map((line) => line.replace(BULLET, '').trim())
    return [...lead, { kind: 'list', items }]
  }
  return lines.flatMap((line): TextPart[] => inlineList(line) ?? [{ kind: 'text', text: line }])
}

/** "44 fees — show": fees when most items name money, else lines. */
export function foldSummary(items: readonly string[], language: CalculatorLanguage | undefined): string {
  const fees = items.filter((item) => MONEY.test(item) && /\d/.test(item)).length * 2 > items.length
  if (language === 'sv') return `${items.length} ${fees ? 'avgifter' : 'rader'} — visa`
  return `${items.length} ${fees ? 'fees' : 'lines'} — show`
}
