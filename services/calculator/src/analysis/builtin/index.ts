// The built-in analyzer (@valueproof/analyzer, docs/decisions/126) on worker threads: on a 50-page
// document the analysis computes for tens of milliseconds, which on the event loop would stall
// every other request of the process (decision 061).
export { createBuiltinAnalyzer, type BuiltinAnalyzer, type BuiltinAnalyzerOptions } from './builtin-analyzer.ts'
