export { createOpenAiAnalyzer, type OpenAiAnalyzerOptions } from './openai-analyzer.ts'
