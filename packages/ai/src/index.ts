// @valueproof/ai: JSON from a model behind the OpenAI Chat Completions API (OpenAI or a compatible
// local server), validated and repaired once, with errors people can read. Server-side only.
export { AiError, CONTEXT_LENGTH_MESSAGE, redactSecrets, toAiError, type AiErrorCode, type AiErrorContext } from './ai-error.ts'
export {
  createAiProvider,
  repairInstruction,
  type AiProvider,
  type AiProviderConfig,
  type GenerateJsonRequest,
  type JsonValidation,
} from './ai-provider.ts'
