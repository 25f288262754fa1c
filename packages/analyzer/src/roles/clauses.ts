// The words around a figure: its clause (cut at commas, semicolons, dashes and "and"/"och") and
// the words before it, which every role cue reads.
import type { Quantity } from '../model.ts'

/** The words of a figure's clause before the figure. */
export function clauseLead(quantity: Quantity): string {
  const clause = clauseOf(quantity)
  const offset = quantity.start - quantity.sentenceStart
  const clauseStart = quantity.sentence.lastIndexOf(clause, offset)
  return clauseStart < 0 ? lead(quantity) : quantity.sentence.slice(clauseStart, offset)
}

/** The clause of a figure: its sentence cut at commas, semicolons, dashes and "and"/"och" around it. */
export function clauseOf(quantity: Quantity): string {
  const offset = quantity.start - quantity.sentenceStart
  const sentence = quantity.sentence
  const cut = /[,;–—()]|\s(?:and|but|while|whereas|och|men|medan|varav)\s/giu
  let start = 0
  let end = sentence.length
  for (let match = cut.exec(sentence); match !== null; match = cut.exec(sentence)) {
    if (match.index + match[0].length <= offset) start = match.index + match[0].length
    else if (match.index >= offset + quantity.text.length) {
      end = match.index
      break
    }
  }
  return sentence.slice(start, end)
}

/** The words of the sentence before the figure. */
export function lead(quantity: Quantity): string {
  return quantity.sentence.slice(0, Math.max(0, quantity.start - quantity.sentenceStart))
}
