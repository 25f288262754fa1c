import { userRecordSchema, type ProfileBody, type UserRecord } from '@valueproof/contracts'
import { apiRequest } from '../api.ts'

/** PATCH /api/profile (SPEC §7): the changed fields; the answer is the user record after the change. */
export async function updateProfile(changes: ProfileBody): Promise<UserRecord> {
  const response = await apiRequest('PATCH', '/api/profile', changes)
  return userRecordSchema.parse(await response.json())
}
