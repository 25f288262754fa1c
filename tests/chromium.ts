// Debian's Chromium as every browser test and benchmark launches it (BUILDING.md): `apt-get install
// chromium`, since `npx playwright install` cannot work offline, and flags that keep the browser from
// reaching the network on its own (this machine refuses it, many connections at a time).

export const CHROMIUM_PATH = '/usr/bin/chromium'

export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
