// @valueproof/analyzer: the built-in analyzer as a library (docs/decisions/126). Text in (a
// document's pages or a description), a calculator definition out; no service runtime. Stages:
// read → roles → compose → explain (and documents/ for a document's tables).
export { analyze, inspectAnalysis, type Inspection } from './analyze.ts'
export {
  AnalysisError,
  GENERATION_COMPLEXITIES,
  LANGUAGES,
  SLIDERS_PER_COMPLEXITY,
  type AnalysisErrorCode,
  type AnalysisInput,
  type GenerationComplexity,
  type Language,
  type TextPage,
} from './types.ts'
export { INDICATIVE_USD_RATES } from './compose/currency.ts'
export { calculatorTitle, MAX_TITLE } from './explain/names.ts'
export { quoteAround, MAX_QUOTE } from './read/quotes.ts'
export type { Model, Quantity, Role, Stream } from './model.ts'
export { readFigures, type FigureChoices, type FigureReading } from './figures/reading.ts'
export { buildFromFigures, type FigureBuild, type FigureView, type StreamView } from './figures/figure-views.ts'
export { SELLER_ROLES, type SellerRole } from './figures/seller-roles.ts'
export { STREAM_KINDS, type StreamKind } from './figures/stream-choices.ts'
