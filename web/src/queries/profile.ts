import { uploadLogoResponseSchema, userRecordSchema, type ProfileBody, type UserRecord } from '@valueproof/contracts'
import { apiRequest } from '../api.ts'

/** PATCH /api/profile (SPEC §7): the changed fields; the answer is the user record after the change. */
export async function updateProfile(changes: ProfileBody): Promise<UserRecord> {
  const response = await apiRequest('PATCH', '/api/profile', changes)
  return userRecordSchema.parse(await response.json())
}

/** POST /api/upload-logo (SPEC §7): the image in the multipart field 'logo'; answers the logo's URL. */
export async function uploadLogo(file: File): Promise<string> {
  const body = new FormData()
  body.append('logo', file)
  const response = await apiRequest('POST', '/api/upload-logo', body)
  return uploadLogoResponseSchema.parse(await response.json()).url
}
