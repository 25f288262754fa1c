// Issue 13: insecure direct object references through the gateway. Two users, A (the victim) and B
// (the attacker); for every /api route of gateway/src/routes/api-routes.ts that takes an id or
// answers owned data, B cannot read, list, change or delete A's things, whatever headers B adds.
// The route list is derived from apiRoutes: a new route fails the suite until it is covered here
// or listed as public by design.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CALCULATOR_NOT_FOUND_MESSAGE, OWN_PROPOSAL_NOT_FOUND_MESSAGE } from '@valueproof/contracts'
import { apiRoutes } from '../../gateway/src/routes/api-routes.ts'
import { buildPdf } from '../../packages/documents/src/test-documents.ts'
import { startFakeHubspot, type FakeHubspot } from '../../services/notification/src/hubspot/testing/fake-hubspot.ts'
import { supportTriageCalculator, supportTriageInput } from '../../services/proposal/src/testing/calculators.ts'
import { ApiClient } from '../integration/support/http-client.ts'
import { logoForm, tinyPng } from '../integration/support/images.ts'
import { stackKinds, startTestStack } from '../integration/support/stack.ts'
import { generationsCounted, SECURITY_STACK_ENV, signInAgain, type Actor } from './support/actors.ts'
import { expectPublicProposal, PUBLIC_PROPOSAL_KEYS, QUOTED_CALCULATOR, SELLER_ONLY_TEXTS } from './support/public-proposal.ts'
import { BILLING_AND_TEMPLATE_COVERAGE, type Check, type Coverage, type World } from './support/idor-billing.ts'
import { FREE_USER_CALLS, freeUserRefused, HUBSPOT_COVERAGE, withHubspot } from './support/idor-hubspot.ts'
import { WEBHOOK_COVERAGE, withWebhook } from './support/idor-webhooks.ts'
import { rawRequest } from './support/raw-http.ts'
import {
  attacker,
  impersonationHeaders,
  shareProposal,
  stateOf,
  victim,
  withBillingAndTemplates,
  type Victim,
} from './support/two-users.ts'

const kinds = await stackKinds('postgres+nats+minio+http')

const PROPOSAL_NOT_FOUND = { message: 'Proposal not found. Check the link, or ask the sender for a new one.' }
const DESCRIPTION = 'Your team of 12 agents spends 15 hours per week each on ticket triage at $45 per hour.'

const routeKey = (route: { method: string; path: string }) => `${route.method} ${route.path}`

function documentForm(fields: Record<string, string>): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('file', new Blob([new Uint8Array(buildPdf([{ lines: [DESCRIPTION] }]))], { type: 'application/pdf' }), 'proposal.pdf')
  return form
}

/** B generates with each impersonation: every generation is counted for B, none for A. */
function generation(call: (b: Actor, headers: Record<string, string>) => Promise<Response>): Check {
  return async ({ stack, a, b }) => {
    const aBefore = await generationsCounted(stack, a.id)
    const bBefore = await generationsCounted(stack, b.id)
    const attempts = impersonationHeaders(a)
    for (const headers of attempts) {
      const response = await call(b, headers)
      expect(response.status, await response.clone().text()).toBe(200)
    }
    expect(await generationsCounted(stack, a.id)).toBe(aBefore)
    expect(await generationsCounted(stack, b.id)).toBe(bBefore + attempts.length)
  }
}

/** B creates a proposal while naming A every way a body or header could: it is B's, never A's. */
function creation(path: string, body: Record<string, unknown>): Check {
  return async ({ a, b }) => {
    for (const headers of impersonationHeaders(a)) {
      const response = await b.client.post(path, { ...body, userId: a.id, id: a.openId, ownerId: a.id }, headers)
      expect(response.status, await response.clone().text()).toBe(201)
      const { id } = (await response.json()) as { id: string }
      expect([a.openId, a.codedId, a.hiddenId]).not.toContain(id)
      const bList = (await (await b.client.get('/api/proposals')).json()) as Array<{ id: string }>
      expect(bList.map((entry) => entry.id)).toContain(id)
      // The owner's view carries the access code field; A, not the owner, gets a visitor's view.
      const asA = await a.client.get(`/api/proposals/${id}`)
      expect(asA.status).toBe(200)
      expect('accessCode' in ((await asA.json()) as object)).toBe(false)
    }
  }
}

/** B asks for A's calculator every way it can: the answer is the same 404 as for an id that does not exist. */
function notFoundForB(call: (b: Actor, a: Victim, headers: Record<string, string>) => Promise<Response>): Check {
  return async ({ a, b }) => {
    for (const headers of impersonationHeaders(a)) {
      const response = await call(b, a, headers)
      expect(response.status, await response.clone().text()).toBe(404)
      expect(await response.json()).toEqual({ message: CALCULATOR_NOT_FOUND_MESSAGE })
    }
  }
}

/**
 * B calls an owner's management route on each of A's proposals every way it can: the same 404 as
 * for a proposal that does not exist, never 403; A's proposals are unchanged (checked after each test).
 */
function ownersOnly(call: (b: Actor, id: string, headers: Record<string, string>) => Promise<Response>): Check {
  return async ({ a, b }) => {
    for (const headers of impersonationHeaders(a)) {
      for (const id of [a.openId, a.codedId, a.hiddenId, 'AAAAAAAAAAAAAAAAAAAAAA']) {
        const response = await call(b, id, headers)
        expect(response.status, await response.clone().text()).toBe(404)
        expect(await response.json()).toEqual({ message: OWN_PROPOSAL_NOT_FOUND_MESSAGE })
      }
    }
  }
}

const COVERAGE: Record<string, Coverage> = {
  'POST /api/register': { publicByDesign: 'creates a new account and acts on no existing one' },
  'POST /api/login': { publicByDesign: 'opens a session for the credentials given (session.test.ts covers fixation)' },
  'POST /api/track/demo-interaction': {
    publicByDesign: 'counts an anonymous landing-page demo interaction; reads no field and acts on no account',
  },
  'POST /api/proposals/:id/views': {
    publicByDesign: 'counts a view only with the signed beacon token the proposal answered its opener; changes nothing of the owner’s',
  },
  'POST /api/track/engagement': {
    publicByDesign: 'counts a prospect’s time and inputs only with the proposal’s signed beacon token; acts on no account',
  },
  'POST /api/track/conversion': { publicByDesign: 'counts an anonymous SIGN_UP or CTA_CLICK per day; acts on no account' },
  'GET /api/analytics/operator': {
    publicByDesign:
      'daily product totals for the operator token from configuration only (404 without one, 401 otherwise); no account’s data',
  },
  'GET /api/notifications/dead-letters': {
    publicByDesign:
      'the e-mails given up, for the operator token from configuration only (404 without one, 401 otherwise); no address or content',
  },
  'GET /api/user/email/verify': {
    publicByDesign:
      'a confirmation link opened from a mail app, often signed out: confirms only the address whose current link carries the random token, and its redirect names no one',
  },
  'GET /api/logos/:file': {
    publicByDesign: 'logos are shown on shared proposals to signed-out prospects; names are random UUIDs (traversal checked below)',
  },
  'GET /api/logos/:userId/:file': {
    publicByDesign: 'logos stored before issue 13 under their owner’s id; served by exact name only (traversal checked below)',
  },
  'GET /api/notifications/unsubscribe': {
    publicByDesign:
      'an e-mail’s link: the signed token names the seller and the kind; no session is read (the service refuses any other token)',
  },
  'POST /api/notifications/unsubscribe': {
    publicByDesign: 'turns off the one kind of e-mail the link’s signed token names, for the seller it names; no session is read',
  },
  'GET /api/dev/mailbox': {
    publicByDesign: 'the local mailbox of a development run (`npm start` without SMTP_URL); 404 unless DEV_MAILBOX_PAGE turns it on',
  },

  'GET /api/user': {
    owned: async ({ a, b }) => {
      for (const headers of impersonationHeaders(a)) {
        for (const query of ['', `?id=${a.id}`, `?userId=${a.id}`]) {
          const response = await b.client.get(`/api/user${query}`, headers)
          expect(response.status).toBe(200)
          expect(await response.json()).toMatchObject({ id: b.id, username: b.username })
        }
      }
    },
  },
  // The web app's session (issue 36): the caller's own record, whatever the request claims.
  'GET /api/session': {
    owned: async ({ a, b }) => {
      for (const headers of impersonationHeaders(a)) {
        for (const query of ['', `?id=${a.id}`, `?userId=${a.id}`]) {
          const response = await b.client.get(`/api/session${query}`, headers)
          expect(response.status).toBe(200)
          expect(await response.json()).toMatchObject({ user: { id: b.id, username: b.username } })
        }
      }
    },
  },
  // Which e-mails a seller gets: B's calls, whoever they name, read and change B's own (A's are checked after each test).
  'GET /api/notifications/settings': {
    owned: async ({ a, b }) => {
      expect((await b.client.request('PUT', '/api/notifications/settings', { json: { pdfDownloaded: false } })).status).toBe(200)
      for (const headers of impersonationHeaders(a)) {
        for (const query of ['', `?userId=${a.id}`]) {
          const response = await b.client.get(`/api/notifications/settings${query}`, headers)
          expect(response.status).toBe(200)
          expect(await response.json()).toMatchObject({ pdfDownloaded: false })
        }
      }
    },
  },
  'PUT /api/notifications/settings': {
    owned: async ({ a, b }) => {
      for (const headers of impersonationHeaders(a)) {
        const response = await b.client.request('PUT', '/api/notifications/settings', { json: { agreed: false }, headers })
        expect(response.status, await response.clone().text()).toBe(200)
        expect(await response.json()).toMatchObject({ agreed: false })
      }
      // A body naming a user is refused, not obeyed.
      expect((await b.client.request('PUT', '/api/notifications/settings', { json: { agreed: false, userId: a.id } })).status).toBe(400)
    },
  },
  'PATCH /api/profile': {
    owned: async ({ a, b }) => {
      for (const [index, headers] of impersonationHeaders(a).entries()) {
        const response = await b.client.request('PATCH', '/api/profile', { json: { companyName: `Bravo ${index}` }, headers })
        expect(response.status, await response.clone().text()).toBe(200)
        expect(await response.json()).toMatchObject({ id: b.id, companyName: `Bravo ${index}` })
      }
      // Another user's logo is not B's to show; a body naming a user is refused, not obeyed.
      expect((await b.client.patch('/api/profile', { companyLogo: a.logoUrl })).status).toBe(400)
      expect((await b.client.patch('/api/profile', { companyName: 'Hijack', userId: a.id })).status).toBe(400)
      expect((await b.client.patch('/api/profile', { companyName: 'Hijack', id: a.id })).status).toBe(400)
    },
  },
  // Issue 39: B's address and language are B's own, whatever B claims; A's stay as they were (afterEach).
  'PUT /api/user/email': {
    owned: async ({ a, b }) => {
      for (const [index, headers] of impersonationHeaders(a).entries()) {
        const email = `bravo${index}@bravo.example`
        const response = await b.client.request('PUT', '/api/user/email', { json: { email }, headers })
        expect(response.status, await response.clone().text()).toBe(200)
        expect(await response.json()).toMatchObject({ id: b.id, email, emailVerified: false })
      }
      expect((await b.client.request('PUT', '/api/user/email', { json: { email: 'hijack@bravo.example', userId: a.id } })).status).toBe(400)
    },
  },
  'POST /api/user/email/resend': {
    owned: async ({ a, b }) => {
      // B's own pending address, or nothing to resend: never A's (B's links of the hour may run out: 429).
      for (const headers of impersonationHeaders(a)) {
        const response = await b.client.request('POST', '/api/user/email/resend', { headers })
        expect([200, 409, 429], await response.clone().text()).toContain(response.status)
        if (response.status === 200) expect(await response.json()).toMatchObject({ id: b.id })
      }
    },
  },
  'DELETE /api/user/email': {
    owned: async ({ a, b }) => {
      for (const headers of impersonationHeaders(a)) {
        const response = await b.client.request('DELETE', '/api/user/email', { headers })
        expect(response.status, await response.clone().text()).toBe(200)
        expect(await response.json()).toMatchObject({ id: b.id, email: null })
      }
    },
  },
  'PUT /api/user/language': {
    owned: async ({ a, b }) => {
      for (const [index, headers] of impersonationHeaders(a).entries()) {
        const language = index % 2 === 0 ? 'sv' : 'en'
        const response = await b.client.request('PUT', '/api/user/language', { json: { language }, headers })
        expect(response.status, await response.clone().text()).toBe(200)
        expect(await response.json()).toMatchObject({ id: b.id, language })
      }
    },
  },
  'POST /api/upload-logo': {
    owned: async ({ a, b }) => {
      for (const headers of impersonationHeaders(a)) {
        const response = await b.client.request('POST', '/api/upload-logo', { body: logoForm(tinyPng(), 'logo.png', 'image/png'), headers })
        expect(response.status, await response.clone().text()).toBe(200)
        const { url } = (await response.json()) as { url: string }
        // A random name, no user id in it (the URL is public on every shared proposal).
        expect(url, url).toMatch(/^\/api\/logos\/[0-9a-f-]{36}\.png$/)
      }
    },
  },
  'POST /api/calculator/analyze-document': {
    owned: generation((b, headers) =>
      b.client.request('POST', '/api/calculator/analyze-document', {
        body: documentForm({ complexity: 'minimal', language: 'en', currency: 'USD' }),
        headers,
      }),
    ),
  },
  'POST /api/calculator/analyze-document-for-value': {
    owned: generation((b, headers) =>
      b.client.request('POST', '/api/calculator/analyze-document-for-value', {
        body: documentForm({ language: 'en', currency: 'USD' }),
        headers,
      }),
    ),
  },
  'POST /api/calculator/analyze-text': {
    owned: generation((b, headers) =>
      b.client.post(
        '/api/calculator/analyze-text',
        { description: DESCRIPTION, complexity: 'minimal', language: 'en', currency: 'USD' },
        headers,
      ),
    ),
  },
  'POST /api/calculator/generate-value': {
    owned: generation((b, headers) =>
      b.client.post('/api/calculator/generate-value', { description: DESCRIPTION, language: 'en', currency: 'USD' }, headers),
    ),
  },
  'GET /api/calculators': {
    owned: async ({ a, b }) => {
      for (const headers of impersonationHeaders(a)) {
        for (const query of ['', `?userId=${a.id}`]) {
          const response = await b.client.get(`/api/calculators${query}`, headers)
          expect(response.status).toBe(200)
          const { calculators } = (await response.json()) as { calculators: Array<{ id: string }> }
          expect(calculators.map((calculator) => calculator.id)).not.toContain(a.calculatorId)
        }
      }
    },
  },
  'GET /api/calculators/:id/input': {
    owned: notFoundForB((b, a, headers) => b.client.get(`/api/calculators/${a.calculatorId}/input`, headers)),
  },
  'PATCH /api/calculators/:id': {
    owned: notFoundForB((b, a, headers) =>
      b.client.request('PATCH', `/api/calculators/${a.calculatorId}`, { json: { values: {}, config: supportTriageCalculator }, headers }),
    ),
  },
  'DELETE /api/calculators/:id': {
    owned: notFoundForB((b, a, headers) => b.client.request('DELETE', `/api/calculators/${a.calculatorId}`, { headers })),
  },
  'POST /api/calculators/:id/regenerate': {
    owned: async (world) => {
      const before = await generationsCounted(world.stack, world.a.id)
      await notFoundForB((b, a, headers) => b.client.post(`/api/calculators/${a.calculatorId}/regenerate`, {}, headers))(world)
      expect(await generationsCounted(world.stack, world.a.id)).toBe(before)
    },
  },
  'GET /api/proposals': {
    owned: async ({ a, b }) => {
      const aIds = [a.openId, a.codedId, a.hiddenId]
      for (const headers of impersonationHeaders(a)) {
        for (const query of ['', `?userId=${a.id}`, `?user=${a.username}`]) {
          const response = await b.client.get(`/api/proposals${query}`, headers)
          expect(response.status).toBe(200)
          const list = (await response.json()) as Array<{ id: string }>
          expect(list.length).toBeGreaterThan(0)
          for (const entry of list) expect(aIds).not.toContain(entry.id)
        }
      }
    },
  },
  'POST /api/proposals': {
    owned: creation('/api/proposals', { title: 'B’s own', content: '', calculatorData: supportTriageCalculator }),
  },
  'POST /api/proposals/generate': {
    owned: creation('/api/proposals/generate', {
      calculatorData: supportTriageCalculator,
      input: supportTriageInput,
      templateType: 'standard',
    }),
  },
  'PATCH /api/proposals/:id': {
    owned: ownersOnly((b, id, headers) =>
      b.client.request('PATCH', `/api/proposals/${id}`, {
        json: { title: 'Defaced', expiresAt: null, scenarios: { conservative: { agents: 1 }, optimistic: { agents: 50 } } },
        headers,
      }),
    ),
  },
  'DELETE /api/proposals/:id': {
    owned: ownersOnly((b, id, headers) => b.client.request('DELETE', `/api/proposals/${id}`, { headers })),
  },
  'POST /api/proposals/:id/revoke': {
    owned: ownersOnly((b, id, headers) => b.client.post(`/api/proposals/${id}/revoke`, undefined, headers)),
  },
  'POST /api/proposals/:id/duplicate': {
    owned: async (world) => {
      await ownersOnly((b, id, headers) => b.client.post(`/api/proposals/${id}/duplicate`, undefined, headers))(world)
      // Nothing of A's was copied into B's list either.
      const bList = (await (await world.b.client.get('/api/proposals')).json()) as Array<{ title: string }>
      expect(bList.map((entry) => entry.title).filter((title) => title.endsWith(' (copy)'))).toEqual([])
    },
  },
  'POST /api/proposals/:id/versions': {
    owned: ownersOnly((b, id, headers) => b.client.post(`/api/proposals/${id}/versions`, undefined, headers)),
  },
  // Issue 34: who may agree and the release of an agreement are the owner's; B gets the same 404.
  // The seller's document (issue 37): the draft, publishing, publications and their restore are the
  // owner's; B reads and changes none of A's (stateOf compares A's drafts too).
  'GET /api/proposals/:id/draft': {
    owned: ownersOnly((b, id, headers) => b.client.get(`/api/proposals/${id}/draft`, headers)),
  },
  'PUT /api/proposals/:id/draft': {
    owned: ownersOnly((b, id, headers) =>
      b.client.request('PUT', `/api/proposals/${id}/draft`, {
        json: { document: { title: 'Defaced', blocks: [{ id: 'calculator', type: 'calculator' }] }, revision: 0 },
        headers,
      }),
    ),
  },
  'POST /api/proposals/:id/publish': {
    owned: ownersOnly((b, id, headers) => b.client.post(`/api/proposals/${id}/publish`, { revision: 0 }, headers)),
  },
  'GET /api/proposals/:id/publications/:number': {
    owned: ownersOnly((b, id, headers) => b.client.get(`/api/proposals/${id}/publications/1`, headers)),
  },
  'POST /api/proposals/:id/publications/:number/restore': {
    owned: ownersOnly((b, id, headers) => b.client.post(`/api/proposals/${id}/publications/1/restore`, undefined, headers)),
  },
  'POST /api/proposals/:id/images': {
    owned: ownersOnly((b, id, headers) =>
      b.client.request('POST', `/api/proposals/${id}/images`, {
        body: new Uint8Array(tinyPng()),
        headers: { ...headers, 'content-type': 'image/png' },
      }),
    ),
  },
  'POST /api/proposals/:id/sections/:blockId/rewrite': {
    owned: ownersOnly((b, id, headers) => b.client.post(`/api/proposals/${id}/sections/lead/rewrite`, undefined, headers)),
  },
  // A document's image opens exactly when its page does: none of a proposal whose link does not open for B.
  'GET /api/proposals/:id/images/:imageId': {
    owned: async ({ a, b }) => {
      for (const headers of impersonationHeaders(a)) {
        for (const id of [a.hiddenId, 'AAAAAAAAAAAAAAAAAAAAAA']) {
          const response = await b.client.get(`/api/proposals/${id}/images/AAAAAAAAAAAAAAAAAAAAAA`, headers)
          expect(response.status, id).toBe(404)
        }
        expect((await b.client.get(`/api/proposals/${a.codedId}/images/AAAAAAAAAAAAAAAAAAAAAA`, headers)).status).toBe(401)
      }
    },
  },
  'PATCH /api/proposals/:id/agreement-rule': {
    owned: ownersOnly((b, id, headers) =>
      b.client.request('PATCH', `/api/proposals/${id}/agreement-rule`, {
        json: { whoMayAgree: 'listed', emails: ['bravo@attacker.example'] },
        headers,
      }),
    ),
  },
  'POST /api/proposals/:id/agreement/release': {
    owned: ownersOnly((b, id, headers) => b.client.post(`/api/proposals/${id}/agreement/release`, undefined, headers)),
  },
  // Anyone the link opens for may agree (issue 20), a signed-in B too; B agrees to nothing the link
  // does not open for B, and naming A changes nothing. (B's agreement to A's open proposal would be
  // a prospect's, by design: it is not made here, so that A's proposals stay as they were.)
  'POST /api/proposals/:id/agreement': {
    owned: async ({ a, b }) => {
      const body = { name: 'Bravo', email: 'bravo@attacker.example', scenario: 'expected', values: {} }
      for (const headers of impersonationHeaders(a)) {
        for (const path of [`/api/proposals/${a.hiddenId}/agreement`, '/api/proposals/AAAAAAAAAAAAAAAAAAAAAA/agreement']) {
          const response = await b.client.post(path, body, headers)
          expect(response.status, await response.clone().text()).toBe(404)
          expect(await response.json()).toEqual(PROPOSAL_NOT_FOUND)
        }
        const coded = await b.client.post(`/api/proposals/${a.codedId}/agreement`, body, headers)
        expect(coded.status).toBe(401)
        const wrong = await b.client.post(
          `/api/proposals/${a.codedId}/agreement?code=${encodeURIComponent(`${a.accessCode}x`)}`,
          body,
          headers,
        )
        expect(wrong.status).toBe(401)
      }
    },
  },
  // The PDF of a proposal (issue 20) opens exactly when its page does: B downloads none that the link
  // does not open for B, naming A changes nothing, and an open proposal's PDF is a visitor's copy.
  // (Wrong codes are left to GET /api/proposals/:id: they share one attempt limit per visitor.)
  'GET /api/proposals/:id/pdf': {
    owned: async ({ a, b }) => {
      for (const headers of impersonationHeaders(a)) {
        for (const path of [
          `/api/proposals/${a.hiddenId}/pdf`,
          `/api/proposals/${a.hiddenId}/pdf?userId=${a.id}`,
          '/api/proposals/AAAAAAAAAAAAAAAAAAAAAA/pdf',
        ]) {
          const response = await b.client.get(path, headers)
          expect(response.status, path).toBe(404)
          expect(await response.json()).toEqual(PROPOSAL_NOT_FOUND)
        }
        const coded = await b.client.get(`/api/proposals/${a.codedId}/pdf`, headers)
        expect(coded.status).toBe(401)
        const open = await b.client.get(`/api/proposals/${a.openId}/pdf`, headers)
        expect(open.status).toBe(200)
        expect(open.headers.get('content-type')).toBe('application/pdf')
        expect((await open.arrayBuffer()).byteLength).toBeGreaterThan(1000)
      }
    },
  },
  'GET /api/analytics/overview': {
    owned: async ({ a, b }) => {
      for (const headers of impersonationHeaders(a)) {
        for (const query of ['', `?userId=${a.id}`, `?id=${a.openId}`]) {
          const response = await b.client.get(`/api/analytics/overview${query}`, headers)
          // B's own overview (or, on Free, the upgrade answer): never A's proposals.
          expect([200, 403], await response.clone().text()).toContain(response.status)
          expect(JSON.stringify(await response.json())).not.toContain(a.openId)
        }
      }
    },
  },
  'GET /api/analytics/proposals/:id': {
    owned: async ({ a, b }) => {
      for (const headers of impersonationHeaders(a)) {
        for (const id of [a.openId, a.codedId, a.hiddenId]) {
          const response = await b.client.get(`/api/analytics/proposals/${id}?userId=${a.id}`, headers)
          expect([403, 404], await response.clone().text()).toContain(response.status)
          expect(JSON.stringify(await response.json())).not.toContain('"visits"')
        }
      }
    },
  },
  'GET /api/proposals/:id': {
    owned: async ({ a, b }) => {
      const unknown = await b.client.get('/api/proposals/AAAAAAAAAAAAAAAAAAAAAA')
      expect(unknown.status).toBe(404)
      expect(await unknown.json()).toEqual(PROPOSAL_NOT_FOUND)
      for (const headers of impersonationHeaders(a)) {
        // Unpublished: the same 404 as an id that does not exist, whatever B tries.
        for (const path of [
          `/api/proposals/${a.hiddenId}`,
          `/api/proposals/${a.hiddenId}?userId=${a.id}`,
          `/api/proposals/${a.hiddenId}?code=`,
          `/api/proposals/${a.hiddenId}/`,
          `/api/proposals/${a.hiddenId}%2F`,
          `/api/proposals/${a.hiddenId}%00`,
        ]) {
          const response = await b.client.get(path, headers)
          expect(response.status, path).toBe(404)
        }
        const hidden = await b.client.get(`/api/proposals/${a.hiddenId}`, headers)
        expect(await hidden.json()).toEqual(PROPOSAL_NOT_FOUND)
        // Protected: B has the link but not the code.
        const coded = await b.client.get(`/api/proposals/${a.codedId}`, headers)
        expect(coded.status).toBe(401)
        // Published and open: anyone with the link reads it, as a visitor (no access code field).
        const open = await b.client.get(`/api/proposals/${a.openId}`, headers)
        expect(open.status).toBe(200)
        expectPublicProposal(await open.json())
      }
      const wrongCode = await b.client.get(`/api/proposals/${a.codedId}?code=${encodeURIComponent(`${a.accessCode}x`)}`)
      expect(wrongCode.status).toBe(401)
      // Paths that climb out of the id segment reach no other route (sent as written: fetch would normalise them).
      for (const path of [
        '/api/proposals/..%2Fuser',
        '/api/proposals/%2e%2e/user',
        '/api/proposals/..%2F..%2Fapi%2Fuser',
        '/api/proposals/../user',
      ]) {
        const answer = await rawRequest(b.client.baseUrl, {
          method: 'GET',
          path,
          headers: { cookie: `vp_session=${b.client.sessionCookie ?? ''}` },
        })
        expect(answer.status, path).toBe(404)
      }
      // Only the owner changes or deletes a proposal; the attempts leave A's as it was (checked after each test).
      for (const method of ['DELETE', 'PUT', 'PATCH', 'POST']) {
        const response = await b.client.request(method, `/api/proposals/${a.openId}`, { json: { title: 'Defaced' } })
        expect(response.status, method).toBe(404)
      }
    },
  },
  'POST /api/calculator-templates': {
    owned: notFoundForB((b, a, headers) => b.client.post('/api/calculator-templates', { calculatorId: a.calculatorId }, headers)),
  },
  ...BILLING_AND_TEMPLATE_COVERAGE,
  ...WEBHOOK_COVERAGE,
  ...HUBSPOT_COVERAGE,
  'POST /api/logout': {
    owned: async ({ a, b }) => {
      const aToken = a.client.sessionCookie ?? ''
      const response = await b.client.post('/api/logout', undefined, { 'x-session-token': aToken })
      expect(response.status).toBe(204)
      expect((await b.client.get('/api/user')).status).toBe(401)
      expect((await a.client.get('/api/user')).status).toBe(200)
      await signInAgain(b)
    },
  },
}

describe('the IDOR matrix knows every /api route', () => {
  it('lists each route of apiRoutes as covered or public by design, and nothing else', () => {
    expect(Object.keys(COVERAGE).sort()).toEqual(apiRoutes.map(routeKey).sort())
  })
})

describe.each(kinds)('IDOR through the gateway (%s)', (kind) => {
  const world = {} as World
  let baseline: unknown
  let hubspot: FakeHubspot | undefined

  beforeAll(async () => {
    hubspot = await startFakeHubspot()
    world.stack = await startTestStack(kind, { ...SECURITY_STACK_ENV, HUBSPOT_API_URL: hubspot.url })
    world.a = await victim(world.stack)
    world.b = await attacker(world.stack)
    // B has things of its own, so that lists and profiles are not trivially empty.
    await shareProposal(world.b.client, { title: 'B’s first' })
    await withBillingAndTemplates(world.a)
    await withWebhook(world.a)
    await withHubspot(world, hubspot)
    baseline = await stateOf(world.stack, world.a)
  }, 120_000)
  afterAll(async () => {
    await world.stack?.close()
    await hubspot?.close()
  })
  afterEach(async () => {
    // Whatever B did, A's account, profile, logo and proposals are as they were.
    expect(await stateOf(world.stack, world.a)).toEqual(baseline)
  })

  const owned = Object.entries(COVERAGE).flatMap(([key, coverage]) => ('owned' in coverage ? [[key, coverage.owned] as const] : []))
  it.each(owned)('%s: B cannot reach A’s data', { timeout: 60_000 }, async (_key, check) => {
    await check(world)
  })

  it('a Free user naming A gets HubSpot’s 403 for Free on every HubSpot route, never A’s connection', async () => {
    expect(Object.keys(FREE_USER_CALLS)).toEqual(Object.keys(HUBSPOT_COVERAGE))
    await freeUserRefused(world)
  })

  it('serves logos only by their exact name: no listing, no climbing out of the logo folder', async () => {
    const name = world.a.logoUrl.split('/').at(-1) ?? ''
    for (const path of [
      `/api/logos/`,
      `/api/logos/..%2F..%2F..%2Fetc%2Fpasswd`,
      `/api/logos/%2e%2e%2f${name}`,
      `/api/logos/${world.a.id}/${name}`,
      `/api/logos/${world.b.id}/${name}`,
    ]) {
      const response = await world.b.client.get(path)
      expect(response.status, path).toBe(404)
    }
    expect((await world.b.client.get(world.a.logoUrl)).status).toBe(200)
  })

  it('a signed-out visitor, too, gets only what a link gives', async () => {
    const visitor = new ApiClient(world.stack.url)
    expect((await visitor.get(`/api/proposals/${world.a.hiddenId}`)).status).toBe(404)
    expect((await visitor.get(`/api/proposals/${world.a.codedId}`)).status).toBe(401)
    expect((await visitor.get('/api/proposals')).status).toBe(401)
    expect((await visitor.get('/api/user', { 'x-user-id': String(world.a.id) })).status).toBe(401)
    const open = await visitor.get(`/api/proposals/${world.a.openId}`)
    expect(open.status).toBe(200)
    const record = (await open.json()) as { calculatorData: { branding?: { companyLogo?: string } } }
    expectPublicProposal(record)
    // A's branding is what a prospect sees (the logo check below relies on it).
    expect(record.calculatorData.branding?.companyLogo).toBe(world.a.logoUrl)
  })

  // Runs after the matrix: every answer B was given, in every check above.
  it('never gave B any of A’s private data: username, access code, titles and ids of A’s protected and unpublished proposals', () => {
    expect(world.b.client.seen.length).toBeGreaterThan(50)
    for (const answer of world.b.client.seen) {
      for (const marker of world.a.privateMarkers) expect(answer.text, `${answer.request} → ${answer.status}`).not.toContain(marker)
    }
  })

  // SPEC §3's record carries userId: the owner's answer has it, a visitor's never.
  it('a shared proposal’s public answer has only the allow-listed keys: no userId or other internal id', async () => {
    for (const client of [new ApiClient(world.stack.url), world.b.client]) {
      const response = await client.get(`/api/proposals/${world.a.openId}`)
      expect(response.status).toBe(200)
      const body = (await response.json()) as Record<string, unknown>
      expect(Object.keys(body).filter((key) => !PUBLIC_PROPOSAL_KEYS.includes(key))).toEqual([])
      expectPublicProposal(body)
    }
  })

  // The seller's quoted passages and generation notes are for the seller's screen (issue 15).
  it('a shared calculator reaches a visitor without the seller’s quotes and notes', async () => {
    const id = await shareProposal(world.b.client, { title: 'B’s quoted', calculatorData: QUOTED_CALCULATOR })
    const response = await new ApiClient(world.stack.url).get(`/api/proposals/${id}`)
    expect(response.status).toBe(200)
    const text = await response.text()
    expectPublicProposal(JSON.parse(text))
    for (const sellerOnly of SELLER_ONLY_TEXTS) expect(text).not.toContain(sellerOnly)
  })

  // A Pro user's logo URL is the branding of every proposal they share: it names no user.
  it('no sequential user id reaches a public answer through the branding’s logo URL', async () => {
    const response = await new ApiClient(world.stack.url).get(`/api/proposals/${world.a.openId}`)
    const text = await response.text()
    expect(text).toContain(world.a.logoUrl.split('/').at(-1) ?? 'logo')
    expect(text).not.toMatch(/\/api\/logos\/\d+\//)
  })
})
