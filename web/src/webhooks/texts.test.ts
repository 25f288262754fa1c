import { describe, expect, it } from 'vitest'
import { deliveryStatusText, deliveryTimeText, responseCodeText } from './texts.ts'

describe('a webhook delivery as /settings shows it', () => {
  it('says delivered, failed, retrying, or sending before the first attempt', () => {
    expect(deliveryStatusText({ status: 'delivered', attempts: 1 })).toBe('Delivered')
    expect(deliveryStatusText({ status: 'failed', attempts: 30 })).toBe('Failed')
    expect(deliveryStatusText({ status: 'pending', attempts: 2 })).toBe('Retrying')
    expect(deliveryStatusText({ status: 'pending', attempts: 0 })).toBe('Sending')
  })

  it('shows the response code, or a dash when no answer came', () => {
    expect(responseCodeText({ responseCode: 500 })).toBe('500')
    expect(responseCodeText({})).toBe('—')
  })

  it('dates it by its delivery, else by its creation', () => {
    const created = '2026-11-29T08:00:00.000Z'
    const delivered = '2026-11-30T09:30:00.000Z'
    expect(deliveryTimeText({ createdAt: created, deliveredAt: delivered }, 'en-GB')).toContain('30 Nov 2026')
    expect(deliveryTimeText({ createdAt: created }, 'en-GB')).toContain('29 Nov 2026')
  })
})
