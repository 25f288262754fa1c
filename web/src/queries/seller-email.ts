import { userRecordSchema, type EmailLanguage, type UserRecord } from '@valueproof/contracts'
import { apiRequest } from '../api.ts'

// The seller's address for notifications and the language of their e-mails (issue 39). Each call
// answers the user record after the change, which replaces the session's copy.

async function readUser(response: Response): Promise<UserRecord> {
  return userRecordSchema.parse(await response.json())
}

/** PUT /api/user/email: sets or changes the address; it waits for the link mailed to it. */
export async function setSellerEmail(email: string): Promise<UserRecord> {
  return readUser(await apiRequest('PUT', '/api/user/email', { email }))
}

/** DELETE /api/user/email: no more e-mails. */
export async function removeSellerEmail(): Promise<UserRecord> {
  return readUser(await apiRequest('DELETE', '/api/user/email'))
}

/** POST /api/user/email/resend: a new confirmation link; the older ones stop working. */
export async function resendEmailLink(): Promise<UserRecord> {
  return readUser(await apiRequest('POST', '/api/user/email/resend'))
}

/** PUT /api/user/language: the language e-mails are written in. */
export async function setEmailLanguage(language: EmailLanguage): Promise<UserRecord> {
  return readUser(await apiRequest('PUT', '/api/user/language', { language }))
}
