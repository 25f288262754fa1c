import { errors, HttpError, Router } from '@valueproof/http-kit'
import type { Readable } from 'node:stream'
import type { Billing } from '../../domain/billing.ts'
import { handleWebhook } from '../../domain/webhooks.ts'
import { paymentsConfigured, paymentsNotConfigured } from '../../provider/no-payments-provider.ts'
import { WebhookSignatureError } from '../../provider/types.ts'

/** Stripe's event payloads are a few KB; the gateway allows the same for this route. */
export const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024

/** The body exactly as sent: the signature is over these bytes, so no parser may touch them first. */
async function rawBody(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let length = 0
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string)
    length += buffer.length
    if (length > limit) throw errors.payloadTooLarge(`Webhook payload is too large (limit ${limit / 1024} KB)`)
    chunks.push(buffer)
  }
  return Buffer.concat(chunks)
}

/** The payment provider's webhook endpoint (no session: the signature is the authentication). */
export function webhookRouter(billing: Billing): Router {
  const router = new Router()

  router.post('/webhook', async (ctx) => {
    // No provider: no signing secret to verify with, and nothing to read the subscription from.
    if (!paymentsConfigured(billing.provider)) throw paymentsNotConfigured()
    const body = await rawBody(ctx.req, WEBHOOK_BODY_LIMIT_BYTES)
    try {
      const outcome = await handleWebhook(billing, { rawBody: body, signature: ctx.get('stripe-signature') || undefined })
      ctx.body = { received: true, outcome }
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        throw new HttpError(400, 'webhook_signature', `Webhook signature verification failed: ${error.message}`)
      }
      throw error
    }
  })

  return router
}
