// k6 load test of prospects opening a shared proposal (SPEC §2 /proposals/{id}, §7): in setup() a
// seller registers, generates a calculator, writes a proposal from it (open link) and shares it once
// more with an access code; then prospects arrive at a ramping rate, each a new visitor doing what
// the prospect's page does (web/src/proposal-main.tsx, docs/decisions/041):
//   1. GET /proposals/{id}: the light page (proposal.html) and the scripts and style sheets it names;
//   2. GET /api/proposals/{id}: the proposal; for the protected one a 401 (the password dialog),
//      then GET /api/proposals/{id}?code=… with the code the seller gave.
//
//   k6 run -e BASE_URL=https://valueproof.example tests/load/prospects.k6.js
//   k6 run -e BASE_URL=http://127.0.0.1:3000 -e PROFILE=smoke tests/load/prospects.k6.js
//
// Knobs (-e): PROFILE=smoke (5 s at 5 prospects/s) or full (the default: 5 → RATE prospects/s over
// 30 s, RATE for 1 min, down in 15 s); RATE (full's peak, default 50); PROTECTED_PERCENT (share of
// prospects sent the protected link, default 50). Every prospect comes from the load generator's one
// address: the target's access-code limits must allow that (README).
import http from 'k6/http'
import { parseHTML } from 'k6/html'
import { check, fail } from 'k6'
import exec from 'k6/execution'
import { BASE_URL, browserHeaders, jsonHeaders, knob, registerUsers, SMOKE } from './lib.js'

const RATE = knob('RATE', 50)
const PROTECTED_PERCENT = knob('PROTECTED_PERCENT', 50)
const SMOKE_RATE = 5
const SMOKE_SECONDS = 5
const ACCESS_CODE = 'prospect-2026'

const scenario = SMOKE
  ? {
      executor: 'constant-arrival-rate',
      rate: SMOKE_RATE,
      timeUnit: '1s',
      duration: `${SMOKE_SECONDS}s`,
      preAllocatedVUs: 5,
      maxVUs: 20,
    }
  : {
      executor: 'ramping-arrival-rate',
      startRate: Math.min(5, RATE),
      timeUnit: '1s',
      preAllocatedVUs: Math.max(20, RATE),
      maxVUs: Math.max(200, RATE * 4),
      stages: [
        { target: RATE, duration: '30s' },
        { target: RATE, duration: '1m' },
        { target: 0, duration: '15s' },
      ],
    }

// p95 budgets (README): the prospect's page reached Lighthouse's LCP of ~2.0–2.2 s on a throttled
// phone with an idle server (docs/decisions/041); "good" LCP is under 2.5 s, so the page, its assets
// and the proposal may add about 0.3 s under load before prospects notice.
const PAGE_P95_MS = 300
const API_P95_MS = 300

export const options = {
  scenarios: { prospects: scenario },
  setupTimeout: '2m',
  thresholds: {
    http_req_failed: ['rate<0.01'],
    checks: ['rate>0.99'],
    'http_req_duration{call:page}': [`p(95)<${PAGE_P95_MS}`],
    'http_req_duration{call:asset}': [`p(95)<${PAGE_P95_MS}`],
    'http_req_duration{call:open-proposal}': [`p(95)<${API_P95_MS}`],
    'http_req_duration{call:open-with-code}': [`p(95)<${API_P95_MS}`],
  },
}

const description = 'Our support platform saves each of your 12 agents 6 hours per week on ticket triage. Agents cost $45 per hour.'

function postJson(path, body, cookie, call) {
  const response = http.post(`${BASE_URL}${path}`, JSON.stringify(body), { headers: jsonHeaders(cookie), tags: { call } })
  if (response.status !== 200 && response.status !== 201)
    fail(`${path} answered ${response.status}: ${String(response.body).slice(0, 300)}`)
  return response
}

/** The seller's side, once: a calculator from a description, a written proposal and a protected share. */
export function setup() {
  const [cookie] = registerUsers(1, 'loadseller')
  const calculator = postJson(
    '/api/calculator/analyze-text',
    { description, complexity: 'balanced', language: 'en', currency: 'USD' },
    cookie,
    'seller',
  ).json('parameters')
  const written = postJson(
    '/api/proposals/generate',
    { calculatorData: calculator, input: description, templateType: 'standard' },
    cookie,
    'seller',
  )
  const shared = postJson(
    '/api/proposals',
    { title: 'Support savings', content: description, calculatorData: calculator, accessCode: ACCESS_CODE },
    cookie,
    'seller',
  )
  return { open: written.json('id'), protected: shared.json('id') }
}

/** Same-origin scripts and style sheets the page names, as a browser would fetch them on a first visit. */
function pageAssets(response) {
  const document = parseHTML(String(response.body))
  const urls = new Set()
  const collect = (selector, attribute) =>
    document.find(selector).each((_, element) => {
      const value = element.getAttribute(attribute)
      if (value && value.startsWith('/') && !value.startsWith('//')) urls.add(`${BASE_URL}${value}`)
    })
  collect('script[src]', 'src')
  collect('link[rel=stylesheet][href]', 'href')
  collect('link[rel=modulepreload][href]', 'href')
  collect('link[rel=icon][href]', 'href')
  return [...urls]
}

// A protected proposal answers 401 until the code comes along: the page's expected first answer.
const expectAccessCodeRequest = http.expectedStatuses(401)

export default function (data) {
  // Every iteration is a new prospect: no visitor cookie from an earlier one.
  http.cookieJar().clear(BASE_URL)
  const isProtected = exec.scenario.iterationInTest % 100 < PROTECTED_PERCENT
  const id = isProtected ? data.protected : data.open
  // What a browser accepts: the gateway sends its precompressed .gz copies (decision 041).
  const headers = { ...browserHeaders(), 'accept-encoding': 'gzip, deflate, br' }

  const page = http.get(`${BASE_URL}/proposals/${id}`, { headers, tags: { call: 'page' } })
  check(page, { 'page is HTML': (r) => r.status === 200 && String(r.headers['Content-Type']).startsWith('text/html') })
  const assets = pageAssets(page)
  if (assets.length > 0) {
    const answers = http.batch(assets.map((url) => ['GET', url, null, { headers, tags: { call: 'asset', name: 'asset' } }]))
    check(answers, { 'assets load': (all) => all.every((r) => r.status === 200) })
  }

  const path = `${BASE_URL}/api/proposals/${encodeURIComponent(id)}`
  if (!isProtected) {
    const opened = http.get(path, { headers, tags: { call: 'open-proposal' } })
    check(opened, { 'proposal opens': (r) => r.status === 200 && r.json('id') === id })
    return
  }
  const asked = http.get(path, { headers, tags: { call: 'open-proposal' }, responseCallback: expectAccessCodeRequest })
  check(asked, { 'code is asked for': (r) => r.status === 401 })
  const opened = http.get(`${path}?code=${encodeURIComponent(ACCESS_CODE)}`, { headers, tags: { call: 'open-with-code' } })
  check(opened, { 'proposal opens with its code': (r) => r.status === 200 && r.json('id') === id })
}
