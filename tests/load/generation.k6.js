// k6 load test of calculator generation (ARCHITECTURE design card): the four calls of SPEC §7
// through the gateway at a ramping arrival rate, with thresholds on errors and p95.
//
//   k6 run -e BASE_URL=https://valueproof.example -e USERS=150 tests/load/generation.k6.js
//
// Each registered user has the Free allowance (5 generations a month), so setup() registers enough
// users for the whole run (USERS × 5 ≥ iterations); on a Pro test tenant set USERS lower.
// The same scenario runs here with autocannon: `npm run bench -- generation` (k6 is not installable
// on the build machines).
import http from 'k6/http'
import { check, fail } from 'k6'
import exec from 'k6/execution'

const BASE_URL = __ENV.BASE_URL || 'http://localhost:3000'
const USERS = Number(__ENV.USERS || 150)
const PASSWORD = 'Load-Test-42!'

export const options = {
  scenarios: {
    generation: {
      executor: 'ramping-arrival-rate',
      startRate: 1,
      timeUnit: '1s',
      preAllocatedVUs: 20,
      maxVUs: 100,
      stages: [
        { target: 5, duration: '30s' },
        { target: 10, duration: '1m' },
        { target: 0, duration: '15s' },
      ],
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{call:analyze-text}': ['p(95)<2000'],
    'http_req_duration{call:generate-value}': ['p(95)<2000'],
    'http_req_duration{call:analyze-document}': ['p(95)<5000'],
    'http_req_duration{call:analyze-document-for-value}': ['p(95)<5000'],
  },
}

const description = 'Our support platform saves each of your 12 agents 6 hours per week on ticket triage. Agents cost $45 per hour.'
// A one-page proposal, read once at init (open() is only allowed there).
const proposalPdf = open(__ENV.PROPOSAL_PDF || './proposal.pdf', 'b')

export function setup() {
  const cookies = []
  for (let index = 0; index < USERS; index += 1) {
    const username = `load_${Date.now().toString(36)}_${index}`
    const response = http.post(`${BASE_URL}/api/register`, JSON.stringify({ username, password: PASSWORD }), {
      headers: { 'content-type': 'application/json', origin: BASE_URL },
    })
    if (response.status !== 201) fail(`register answered ${response.status}: ${response.body}`)
    cookies.push(response.cookies.vp_session[0].value)
  }
  return { cookies }
}

export default function (data) {
  const iteration = exec.scenario.iterationInTest
  const cookie = data.cookies[Math.floor(iteration / 5) % data.cookies.length]
  const headers = { origin: BASE_URL, cookie: `vp_session=${cookie}` }
  const call = ['analyze-text', 'generate-value', 'analyze-document', 'analyze-document-for-value'][iteration % 4]
  let response
  if (call === 'analyze-text') {
    response = http.post(
      `${BASE_URL}/api/calculator/analyze-text`,
      JSON.stringify({ description, complexity: 'advanced', language: 'en', currency: 'USD' }),
      {
        headers: { ...headers, 'content-type': 'application/json' },
        tags: { call },
      },
    )
  } else if (call === 'generate-value') {
    response = http.post(`${BASE_URL}/api/calculator/generate-value`, JSON.stringify({ description, language: 'sv', currency: 'SEK' }), {
      headers: { ...headers, 'content-type': 'application/json' },
      tags: { call },
    })
  } else {
    const form = { file: http.file(proposalPdf, 'proposal.pdf', 'application/pdf'), language: 'en', currency: 'EUR' }
    if (call === 'analyze-document') form.complexity = 'balanced'
    response = http.post(`${BASE_URL}/api/calculator/${call}`, form, { headers, tags: { call } })
  }
  check(response, {
    'status is 200': (r) => r.status === 200,
    'has parameters': (r) => r.status === 200 && r.json('parameters.name') !== undefined,
  })
}
