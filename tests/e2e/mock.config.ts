// TEMPORARY (to be deleted): runs the suite against /tmp/vp-mock/server.mjs.
import base from './playwright.config.ts'
export default { ...base, webServer: { ...base.webServer, command: 'node /tmp/vp-mock/server.mjs', url: 'http://localhost:3100/healthz' } }
