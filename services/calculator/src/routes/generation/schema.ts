import { z } from 'zod'
import { errors } from '@valueproof/http-kit'

/** Multipart form fields arrive as strings (or lists of them); the first value of each counts. */
export function formFields<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> {
  const fields: Record<string, string> = {}
  if (body !== null && typeof body === 'object') {
    for (const [name, value] of Object.entries(body)) {
      const first: unknown = Array.isArray(value) ? value[0] : value
      if (typeof first === 'string') fields[name] = first
    }
  }
  const parsed = schema.safeParse(fields)
  if (!parsed.success) throw errors.badRequest(parsed.error.issues.map((issue) => issue.message).join('; '))
  return parsed.data
}
