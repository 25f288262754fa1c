export { createOpenAiAnalyzer, type AnalyzerFallback, type OpenAiAnalyzerOptions } from './openai-analyzer.ts'
