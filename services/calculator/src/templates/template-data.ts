// The shape of the built-in templates' data (one module per language): common ROI stories whose
// every figure is an example for the seller to adjust, never a figure of the seller's documents.
import type { Currency, TimeframePeriod, ValueType } from '@valueproof/formula'
import type { Language } from '../analysis/types.ts'

/** Stands for the currency's symbol in a money input's unit: '¤/hour' reads '$/hour', '¤/timme' 'kr/timme'. */
export const CURRENCY_MARK = '¤'

export interface TemplateInput {
  readonly name: string
  readonly label: string
  readonly unit: string
  readonly min: number
  readonly max: number
  readonly step: number
  readonly defaultValue: number
  /** An amount of money in the set's currency: converted (and its unit's ¤ written) when used in another. */
  readonly money?: true
}

export interface BuiltinTemplateData {
  /** The story, the same in every language: 'support-tickets'. */
  readonly key: string
  /** What the template list shows. */
  readonly name: string
  readonly description: string
  readonly calculator: {
    readonly name: string
    readonly description: string
    readonly formula: string
    readonly explanation: string
    readonly baseTimeframe: TimeframePeriod
    readonly valueType: ValueType
    readonly inputs: readonly TemplateInput[]
  }
}

export interface BuiltinTemplateSet {
  readonly language: Language
  /** The currency of every amount in the set. */
  readonly currency: Currency
  /** Each input's source: an assumption said to be the template's example, to adjust to the customer. */
  readonly exampleNote: string
  readonly templates: readonly BuiltinTemplateData[]
}
