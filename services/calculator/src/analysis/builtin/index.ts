// The built-in analyzer: deterministic and offline. It reads the figures of a document or a
// description (money, rates per unit and per period, hours, counts, percentages, durations), gives
// each its role (volume, baseline, claimed improvement, the seller's price, a contract value, a
// term), tells the ROI story those roles support, and builds it for the chosen complexity with
// every parameter's source: a quoted passage, or an assumption said to be one. The analysis runs on
// worker threads, off the service's event loop (decision 061).
export { analyzeText, buildCalculator, type Analysis } from './build-calculator.ts'
export { createBuiltinAnalyzer, type BuiltinAnalyzer, type BuiltinAnalyzerOptions } from './builtin-analyzer.ts'
export { calculatorName } from './calculator-name.ts'
export { assembleCalculator, sliderKeys } from './assemble.ts'
export { FIGURE_ROLES, STORY_IDS, type AnalysisReport, type FigureRole, type ReportedFigure, type StoryId } from './analysis-report.ts'
export { inspectAnalysis } from './inspect.ts'
export { assignRoles, type RoledFigure } from './roles.ts'
export { chooseStory, type StoryChoice } from './story-choice.ts'
export type { Design } from './story-kit.ts'
export { INDICATIVE_USD_RATES, type Term } from './terms.ts'
export { readDocument, type DocumentReading, type ScoredFigure } from './document-reading.ts'
export { scanPage, type Figure, type FigureKind, type ScanOptions } from './figures.ts'
export { parseNumberText, readNumber } from './number-format.ts'
export { isPlaceholderLine, lineMarker, readTemplate } from './placeholders.ts'
export { quoteAround, MAX_QUOTE } from './quotes.ts'
export { niceCeil, sliderRange } from './slider-range.ts'
