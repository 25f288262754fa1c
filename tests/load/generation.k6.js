// k6 load test of calculator generation (ARCHITECTURE design card): the four calls of SPEC §7
// through the gateway at a ramping arrival rate, with thresholds on errors and p95.
//
//   k6 run -e BASE_URL=https://valueproof.example tests/load/generation.k6.js
//   k6 run -e BASE_URL=http://127.0.0.1:3000 -e PROFILE=smoke tests/load/generation.k6.js
//
// Knobs (-e): PROFILE=smoke (5 s at 4 calls/s) or full (the default: 1 → RATE calls/s over 30 s, RATE
// for HOLD_SECONDS (default 60), down in 15 s); RATE (full's peak, default 10); USERS (accounts registered in setup();
// default: enough Free allowances for every call); PROPOSAL_PDF (a document to upload instead of the
// built-in one-page PDF). `npm run load` runs it against the one-process product and against separate
// processes (tests/load/README.md).
import http from 'k6/http'
import { check, fail } from 'k6'
import { Counter } from 'k6/metrics'
import exec from 'k6/execution'
import { BASE_URL, browserHeaders, jsonHeaders, knob, onePagePdf, registerUsers, SMOKE } from './lib.js'

/** A Free account may generate 5 calculators a month (SPEC §9). */
const FREE_CALCULATORS = 5
const CALLS = ['analyze-text', 'generate-value', 'analyze-document', 'analyze-document-for-value']

const RATE = knob('RATE', 10)
const SMOKE_RATE = 4
const SMOKE_SECONDS = 5
const RAMP_SECONDS = 30
const HOLD_SECONDS = knob('HOLD_SECONDS', 60)
const DOWN_SECONDS = 15

const scenario = SMOKE
  ? {
      executor: 'constant-arrival-rate',
      rate: SMOKE_RATE,
      timeUnit: '1s',
      duration: `${SMOKE_SECONDS}s`,
      preAllocatedVUs: 10,
      maxVUs: 20,
    }
  : {
      executor: 'ramping-arrival-rate',
      startRate: 1,
      timeUnit: '1s',
      preAllocatedVUs: Math.max(20, RATE * 2),
      maxVUs: Math.max(100, RATE * 10),
      stages: [
        { target: RATE, duration: `${RAMP_SECONDS}s` },
        { target: RATE, duration: `${HOLD_SECONDS}s` },
        { target: 0, duration: `${DOWN_SECONDS}s` },
      ],
    }

/** Upper bound of the scenario's iterations (each is one call), from its rates. */
const MAX_ITERATIONS = SMOKE
  ? SMOKE_RATE * SMOKE_SECONDS
  : Math.ceil(((1 + RATE) / 2) * RAMP_SECONDS + RATE * HOLD_SECONDS + (RATE / 2) * DOWN_SECONDS)
const USERS = knob('USERS', Math.ceil(MAX_ITERATIONS / FREE_CALCULATORS) + 1)

export const options = {
  scenarios: { generation: scenario },
  // Registering many users costs the server one scrypt hash each.
  setupTimeout: '5m',
  thresholds: {
    http_req_failed: ['rate<0.01'],
    checks: ['rate>0.99'],
    // Description calls run the analyzer only; document calls also parse an upload in a worker
    // process (docs/decisions/061, 090).
    'http_req_duration{call:analyze-text}': ['p(95)<2000'],
    'http_req_duration{call:generate-value}': ['p(95)<2000'],
    'http_req_duration{call:analyze-document}': ['p(95)<5000'],
    'http_req_duration{call:analyze-document-for-value}': ['p(95)<5000'],
    // Every request gets an HTTP answer, even while a service is down (a 502/503 is an answer).
    unanswered: ['count==0'],
  },
}

/** Calls that got no HTTP answer at all (refused, reset, timed out): status 0 in k6. */
const unanswered = new Counter('unanswered')

const description = 'Our support platform saves each of your 12 agents 6 hours per week on ticket triage. Agents cost $45 per hour.'
// Read once at init (open() is only allowed there); paths are relative to this script.
const proposalPdf = __ENV.PROPOSAL_PDF
  ? open(__ENV.PROPOSAL_PDF, 'b')
  : onePagePdf([
      'Proposal: ticket triage automation',
      'Your 12 agents spend 15 hours per week each on triage.',
      'Consultants bill $150 / hour; the platform costs $2,400 per month.',
    ])

/** One call of the given kind as the account with that session; `tag` names it in the metrics. */
function generate(call, cookie, tag) {
  const params = { headers: browserHeaders(cookie), tags: { call: tag } }
  if (call === 'analyze-text') {
    const body = JSON.stringify({ description, complexity: 'advanced', language: 'en', currency: 'USD' })
    return http.post(`${BASE_URL}/api/calculator/analyze-text`, body, { ...params, headers: jsonHeaders(cookie) })
  }
  if (call === 'generate-value') {
    const body = JSON.stringify({ description, language: 'sv', currency: 'SEK' })
    return http.post(`${BASE_URL}/api/calculator/generate-value`, body, { ...params, headers: jsonHeaders(cookie) })
  }
  const form = { file: http.file(proposalPdf, 'proposal.pdf', 'application/pdf'), language: 'en', currency: 'EUR' }
  if (call === 'analyze-document') form.complexity = 'balanced'
  return http.post(`${BASE_URL}/api/calculator/${call}`, form, params)
}

/**
 * Registers the accounts, then warms the target up with one call of each kind from one more account
 * (tagged warm-up, outside the thresholds): the first document starts the parsing processes and
 * analysis threads, a cost of start-up, not of load.
 */
export function setup() {
  const cookies = registerUsers(USERS + 1, 'loadgen')
  const warmUp = cookies.pop()
  for (const call of CALLS) {
    const response = generate(call, warmUp, 'warm-up')
    if (response.status !== 200) fail(`warm-up ${call} answered ${response.status}: ${String(response.body).slice(0, 300)}`)
  }
  return { cookies }
}

export default function (data) {
  const iteration = exec.scenario.iterationInTest
  // Each account serves FREE_CALCULATORS consecutive iterations, then the next one takes over.
  const cookie = data.cookies[Math.floor(iteration / FREE_CALCULATORS) % data.cookies.length]
  const call = CALLS[iteration % CALLS.length]
  const response = generate(call, cookie, call)
  if (response.status === 0) unanswered.add(1, { call })
  check(
    response,
    {
      'status is 200': (r) => r.status === 200,
      'has a calculator': (r) => r.status === 200 && typeof r.json('parameters.name') === 'string',
    },
    { call },
  )
}
