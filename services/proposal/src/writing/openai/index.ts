export {
  createOpenAiWriter,
  PROBLEM_RULE,
  proposalJsonSchema,
  proposalSystemPrompt,
  proposalUserMessage,
  sectionSystemPrompt,
  sellerSentencesOf,
  validateSectionText,
  validateWrittenSections,
  PROPOSAL_SCHEMA_NAME,
  SECTION_SCHEMA_NAME,
} from './openai-writer.ts'
