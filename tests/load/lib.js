// Helpers shared by the k6 scripts of this folder (k6 runs them as ES modules; no Node APIs here).
import http from 'k6/http'
import { fail } from 'k6'

/** The gateway under test: `-e BASE_URL=https://valueproof.example` (no trailing slash). */
export const BASE_URL = (__ENV.BASE_URL || 'http://localhost:3000').replace(/\/+$/, '')

/** `-e PROFILE=smoke`: a few seconds with few virtual users (the test suite's run); anything else: the full load. */
export const SMOKE = (__ENV.PROFILE || 'full') === 'smoke'

export const PASSWORD = 'Load-Test-42!'

/** How many registrations setup() sends at once (each costs the server one scrypt hash). */
const REGISTRATION_BATCH = 10

/** A numeric -e knob, or its default; a value that is not a positive number stops the run at once. */
export function knob(name, fallback) {
  const raw = __ENV[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value <= 0) fail(`-e ${name}=${raw}: expected a positive number`)
  return value
}

/** Headers of a same-origin browser call (the gateway refuses state-changing calls from other origins). */
export function browserHeaders(sessionCookie) {
  const headers = { origin: BASE_URL }
  if (sessionCookie !== undefined) headers.cookie = `vp_session=${sessionCookie}`
  return headers
}

export function jsonHeaders(sessionCookie) {
  return { ...browserHeaders(sessionCookie), 'content-type': 'application/json' }
}

/**
 * Registers `count` new users (SPEC §7 POST /api/register), a batch at a time, and answers their
 * session cookies. Every registration comes from the load generator's one address: the target needs
 * REGISTRATIONS_PER_ADDRESS_PER_HOUR above `count` (README).
 */
export function registerUsers(count, prefix) {
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
  const cookies = []
  for (let first = 0; first < count; first += REGISTRATION_BATCH) {
    const batch = []
    for (let index = first; index < Math.min(count, first + REGISTRATION_BATCH); index += 1) {
      const body = JSON.stringify({ username: `${prefix}_${run}_${index}`, password: PASSWORD })
      batch.push(['POST', `${BASE_URL}/api/register`, body, { headers: jsonHeaders(), tags: { call: 'register' } }])
    }
    for (const response of http.batch(batch)) {
      if (response.status !== 201) fail(`register answered ${response.status}: ${String(response.body).slice(0, 300)}`)
      const session = response.cookies.vp_session
      if (session === undefined || session.length === 0) fail('register set no vp_session cookie')
      cookies.push(session[0].value)
    }
  }
  return cookies
}

/** A PDF string literal: backslashes and parentheses escaped (the text is ASCII). */
function pdfString(text) {
  return `(${text.replace(/[\\()]/g, (character) => `\\${character}`)})`
}

/**
 * A one-page text PDF (Helvetica, a classic xref), built here so the scripts need no file beside
 * them; `-e PROPOSAL_PDF=/path/to/file.pdf` sends a real document instead. All ASCII: a character
 * is a byte, so string lengths are the offsets the xref needs.
 */
export function onePagePdf(lines) {
  const [first, ...rest] = lines
  const content = [`BT /F1 12 Tf 72 720 Td ${pdfString(first)} Tj`, ...rest.map((line) => `0 -16 Td ${pdfString(line)} Tj`), 'ET'].join(
    '\n',
  )
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R /Resources << /Font << /F1 3 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ]
  let pdf = '%PDF-1.4\n'
  const offsets = objects.map((body, index) => {
    const at = pdf.length
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`
    return at
  })
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('')}`
  return `${pdf}${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${pdf.length}\n%%EOF\n`
}
