import { HUBSPOT_PRO_REQUIRED_CODE } from '@valueproof/contracts'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../api.ts'
import { connectionSummary, dealLine, errorText, isHubspotProRequired } from './texts.ts'

describe('the HubSpot texts', () => {
  it('says whether HubSpot is connected, stopped, or not connected', () => {
    expect(connectionSummary({ connected: true, portalId: '4242', connectedAt: '2026-11-29T08:00:00.000Z' })).toBe(
      'Connected to HubSpot account 4242.',
    )
    expect(
      connectionSummary({ connected: false, portalId: '4242', lastError: { message: 'refused', at: '2026-11-29T08:00:00.000Z' } }),
    ).toMatch(/stopped accepting the access token/)
    expect(connectionSummary({ connected: false })).toBe('Not connected.')
  })

  it("tells the Free seller's 403 from any other refusal", () => {
    const body = JSON.stringify({ message: 'HubSpot is part of Pro.', code: HUBSPOT_PRO_REQUIRED_CODE })
    expect(isHubspotProRequired(new ApiError(403, body, 'HubSpot is part of Pro.'))).toBe(true)
    expect(isHubspotProRequired(new ApiError(403, JSON.stringify({ message: 'no' }), 'no'))).toBe(false)
    expect(isHubspotProRequired(new ApiError(409, body, 'x'))).toBe(false)
    expect(isHubspotProRequired(new Error('403'))).toBe(false)
  })

  it("shows the server's sentence when there is one", () => {
    expect(errorText(new ApiError(409, '{"message":"Connect HubSpot first"}', 'Connect HubSpot first'))).toBe('Connect HubSpot first')
    expect(errorText(new ApiError(502, 'Bad Gateway', undefined))).toBe('502: Bad Gateway')
  })

  it('writes a deal with its stage and amount when it has them', () => {
    expect(dealLine({ id: '1', name: 'Acme', stage: 'qualifiedtobuy', amount: '1200' })).toBe('Acme · qualifiedtobuy · amount 1200')
    expect(dealLine({ id: '1', name: 'Acme' })).toBe('Acme')
  })
})
