// The figures panel's logic (issue 36): what the analyzer reads from a kept calculator's own text,
// the seller's choices over it (roles, streams) and the calculator rebuilt from them — in the
// browser, by the analyzer's own composition, with no new generation and no use of the allowance.
import type { FigureChoices, FigureReading, SellerRole, StreamKind } from '@valueproof/analyzer'
import { pagesOfContent, type FigureChoicesKept, type SavedCalculatorInput } from '@valueproof/contracts'
import type { CalculatorData } from '@valueproof/formula'

export type Analyzer = typeof import('@valueproof/analyzer')

/** The analyzer is loaded with the panel, not with the page: most visits never open it. */
export function loadAnalyzer(): Promise<Analyzer> {
  return import('@valueproof/analyzer')
}

/** The panel's words for the roles, in the order its menus list them. */
export const ROLE_CHOICES: ReadonlyArray<{ readonly value: SellerRole; readonly label: string }> = [
  { value: 'price', label: 'Your price' },
  { value: 'volume', label: "Customer's volume" },
  { value: 'time', label: 'Time' },
  { value: 'rate', label: 'Rate' },
  { value: 'cost', label: 'Cost' },
  { value: 'revenue', label: 'Revenue' },
  { value: 'improvement', label: 'Improvement' },
  { value: 'none', label: 'Not a driver' },
]

export const STREAM_CHOICES: ReadonlyArray<{ readonly value: StreamKind; readonly label: string }> = [
  { value: 'time', label: 'Time saved' },
  { value: 'cost', label: 'Cost reduced' },
  { value: 'revenue', label: 'Revenue gained' },
  { value: 'losses', label: 'Losses avoided' },
  { value: 'custom', label: 'Custom value' },
]

export function roleLabel(role: SellerRole): string {
  return ROLE_CHOICES.find((choice) => choice.value === role)?.label ?? role
}

export function streamLabel(kind: StreamKind): string {
  return STREAM_CHOICES.find((choice) => choice.value === kind)?.label ?? kind
}

/** What a reading depends on besides the text: the settings the calculator was made with. */
export interface ReadingSettings {
  readonly complexity: 'minimal' | 'balanced' | 'advanced' | 'value'
  readonly language: 'en' | 'sv'
  readonly currency: CalculatorData['baseCurrency']
}

export function readingSettings(config: CalculatorData): ReadingSettings {
  const { complexity } = config
  return {
    complexity: complexity === 'minimal' || complexity === 'advanced' || complexity === 'value' ? complexity : 'balanced',
    language: config.language ?? 'en',
    currency: config.baseCurrency,
  }
}

/** What the analyzer reads a kept calculator's text as: a document's pages, or the description; an empty text reads as no figures. */
export function readingOf(
  analyzer: Analyzer,
  source: SavedCalculatorInput,
  settings: ReadingSettings,
  fileName?: string,
): FigureReading | undefined {
  if (source.text.trim() === '') return undefined
  return analyzer.readFigures({
    kind: source.kind === 'document' ? 'document' : 'description',
    pages: source.kind === 'document' ? pagesOfContent(source.text) : [{ page: 1, text: source.text }],
    ...settings,
    ...(fileName === undefined ? {} : { fileName }),
  })
}

/** The choices with a figure's role set; a role back to the analyzer's own is no choice at all. */
export function withRole(choices: FigureChoices, index: number, role: SellerRole, suggested: SellerRole): FigureChoices {
  const roles = { ...choices.roles }
  if (role === suggested) delete roles[String(index)]
  else roles[String(index)] = role
  return { ...choices, roles }
}

export function withoutStream(choices: FigureChoices, key: string, added: number | undefined): FigureChoices {
  if (added !== undefined) return { ...choices, addedStreams: (choices.addedStreams ?? []).filter((_, index) => index !== added) }
  return { ...choices, removedStreams: [...new Set([...(choices.removedStreams ?? []), key])] }
}

export function withStreamKind(choices: FigureChoices, key: string, kind: StreamKind): FigureChoices {
  return { ...choices, streamKinds: { ...choices.streamKinds, [key]: kind } }
}

export function withAddedStream(choices: FigureChoices, kind: StreamKind): FigureChoices {
  return { ...choices, addedStreams: [...(choices.addedStreams ?? []), kind] }
}

/** Whether the seller has chosen anything. */
export function hasChoices(choices: FigureChoices): boolean {
  return (
    Object.keys(choices.roles ?? {}).length > 0 ||
    (choices.removedStreams ?? []).length > 0 ||
    Object.keys(choices.streamKinds ?? {}).length > 0 ||
    (choices.addedStreams ?? []).length > 0
  )
}

/**
 * The rebuilt calculator as the seller's: a price the seller entered stays theirs (a rebuild comes
 * from the text, the entered price from the seller), and so do a name they gave it and the display
 * setup. `analyzerNames` are the names builds gave it: such a name follows the rebuild.
 */
export function rebuiltConfig(built: CalculatorData, current: CalculatorData, analyzerNames: readonly string[]): CalculatorData {
  const entered = current.price?.source.kind === 'entered' ? current.price : undefined
  const keepPrice = entered !== undefined && built.calculatorType !== 'value'
  return {
    ...built,
    name: analyzerNames.includes(current.name) ? built.name : current.name,
    price: keepPrice ? entered : built.price,
    timeframes: current.timeframes ?? built.timeframes,
  }
}

/** The choices as the calculator service keeps them, with the formula and name of the calculator they built. */
export function keptChoices(choices: FigureChoices, formula: string, name: string): FigureChoicesKept {
  return {
    choices: {
      ...(choices.roles === undefined ? {} : { roles: { ...choices.roles } }),
      ...(choices.removedStreams === undefined ? {} : { removedStreams: [...choices.removedStreams] }),
      ...(choices.streamKinds === undefined ? {} : { streamKinds: { ...choices.streamKinds } }),
      ...(choices.addedStreams === undefined ? {} : { addedStreams: [...choices.addedStreams] }),
    },
    formula,
    name,
  }
}
