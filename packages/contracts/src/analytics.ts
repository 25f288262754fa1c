// The landing page's demo-interaction call (SPEC §7, issue 18): anyone may send it, it carries no
// fields, and analytics only counts it. The gateway and analytics share its body limit from here.
import { z } from 'zod'

/** The largest body accepted: `{}` needs two bytes; the rest is room for a client's stray fields. */
export const DEMO_INTERACTION_BODY_LIMIT_BYTES = 1024
export const DEMO_INTERACTION_TOO_LARGE_MESSAGE = 'Request body is too large (limit 1 KB): a demo interaction carries no fields'

/** POST /api/track/demo-interaction: no fields; an empty body or `{}`, anything else sent is ignored. */
export const demoInteractionBodySchema = z.object({})

/** Its answer, 202: the interaction was counted. */
export const demoInteractionResponseSchema = z.strictObject({})
export type DemoInteractionResponse = z.infer<typeof demoInteractionResponseSchema>
