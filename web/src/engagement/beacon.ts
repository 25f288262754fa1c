// How the page's reports travel: navigator.sendBeacon (a string body goes as text/plain and outlives
// the page), else a keepalive fetch. Reporting never throws into the page and never waits.

export function sendBeacon(url: string, body: unknown): void {
  const text = JSON.stringify(body)
  try {
    if (!navigator.sendBeacon(url, text)) fetch(url, { method: 'POST', body: text, keepalive: true }).catch(() => undefined)
  } catch {
    // No beacon and no fetch: a report is never worth an error on the prospect's page.
  }
}
