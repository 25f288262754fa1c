export { passwordRules, passwordProblems, type PasswordRule } from './password.ts'
export {
  usernameSchema,
  loginBodySchema,
  registerBodySchema,
  planSchema,
  userRecordSchema,
  profileBodySchema,
  uploadLogoResponseSchema,
  errorBodySchema,
  USERNAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  type LoginBody,
  type RegisterBody,
  type Plan,
  type UserRecord,
  type ProfileBody,
} from './user.ts'
export { SESSION_TOKEN_HEADER, SESSION_EXPIRES_HEADER } from './internal.ts'
export {
  CALCULATOR_LIMITS,
  DESCRIPTION_MAX_LENGTH,
  GENERATION_COMPLEXITIES,
  GENERATION_CURRENCIES,
  GENERATION_LANGUAGES,
  analyzeDocumentFieldsSchema,
  analyzeDocumentForValueFieldsSchema,
  analyzeTextBodySchema,
  generateValueBodySchema,
  usageMonth,
  type AnalyzeTextBody,
  type GenerateValueBody,
} from './calculator.ts'
