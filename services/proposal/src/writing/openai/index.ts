export {
  createOpenAiWriter,
  proposalJsonSchema,
  proposalSystemPrompt,
  proposalUserMessage,
  validateWrittenSections,
  PROPOSAL_SCHEMA_NAME,
} from './openai-writer.ts'
