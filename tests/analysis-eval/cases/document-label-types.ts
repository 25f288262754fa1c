// The outside labels of the sample documents (../shared/eval/document-labels-outside.md) restated
// as data: per file, the figures a careful reader picks with the words they appear with, which of
// them are the price side, whether the document states a price for its offer and whether it claims
// value. The outside file's wording stays in comments beside each file's figures.

/** A figure as the label gives it; a range as [low, high] (either end or the midpoint counts). */
export type LabelledAmount = number | readonly [low: number, high: number]

export interface LabelledFigure {
  /** The words the figure appears with, quoted as in the label (its own quote of the extracted text). */
  readonly words: string
  readonly value: LabelledAmount
  /**
   * An amount paid for the work — a price, fee, rate, line item, total, contract value, award or
   * budget (or a share that is itself the fee): the calculator may charge it, never show it as value.
   */
  readonly priceSide?: true
  /** A worked example's number the label says is illustrative, not the document's own: not counted as a driver. */
  readonly illustrative?: true
}

export interface DocumentLabel {
  readonly file: string
  /** The folder of ../shared/samples it is in. */
  readonly folder: 'documents' | 'documents-2'
  readonly language: 'en' | 'sv'
  /** The document states a price for its offer (the calculator should carry one). */
  readonly statesPrice: boolean
  /** The document claims a value (a saving, a gain, a loss avoided) in figures; most do not. */
  readonly claimsValue: boolean
  readonly figures: readonly LabelledFigure[]
}

/** A value driver: a volume, time, share, term or claim. */
export const driver = (words: string, value: LabelledAmount): LabelledFigure => ({ words, value })

/** A price-side amount (see LabelledFigure.priceSide). */
export const priceSide = (words: string, value: LabelledAmount): LabelledFigure => ({ words, value, priceSide: true })

/** A number of a worked example the label calls illustrative. */
export const illustrative = (words: string, value: LabelledAmount, side?: 'price'): LabelledFigure => ({
  words,
  value,
  illustrative: true,
  ...(side === 'price' ? { priceSide: true as const } : {}),
})
