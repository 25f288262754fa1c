// The built-in analyzer: deterministic and offline. It reads the figures of a document or a
// description (money, rates per unit and per period, hours, counts, percentages, durations),
// chooses the calculator those figures support, and builds it for the chosen complexity with every
// parameter's source: a quoted passage, or an assumption said to be one. The analysis runs on
// worker threads, off the service's event loop (decision 061).
export { analyzeText, buildCalculator, type Analysis } from './build-calculator.ts'
export { createBuiltinAnalyzer, type BuiltinAnalyzer, type BuiltinAnalyzerOptions } from './builtin-analyzer.ts'
export { calculatorName } from './calculator-name.ts'
export { assembleCalculator, designFor, sliderIndexes, type Design, type Term } from './calculator-design.ts'
export { readDocument, type DocumentReading, type ScoredFigure } from './document-reading.ts'
export { scanPage, type Figure, type FigureKind, type ScanOptions } from './figures.ts'
export { parseNumberText, readNumber } from './number-format.ts'
export { isPlaceholderLine, lineMarker, readTemplate } from './placeholders.ts'
export { quoteAround, MAX_QUOTE } from './quotes.ts'
export { chooseRecipe, fitsRole, RECIPE_IDS, RECIPE_ROLES, type RecipeChoice, type RecipeId, type RoleId } from './recipes.ts'
export { niceCeil, sliderRange } from './slider-range.ts'
