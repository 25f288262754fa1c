// /unsubscribe's one search parameter: the signed token of the e-mail's link. Whether it is valid is
// the server's to say; a missing one is invalid at once.
import { unsubscribeQuerySchema } from '@valueproof/contracts'
import { z } from 'zod'

export const unsubscribeSearchSchema = z.object({
  token: unsubscribeQuerySchema.shape.token.optional().catch(undefined),
})
export type UnsubscribeSearch = z.infer<typeof unsubscribeSearchSchema>
