import { renderToString } from 'react-dom/server'
import { LandingDocument } from './landing-document.tsx'

/** The landing page's HTML for landing.html's #root, rendered once at build time (web/prerender-landing.ts). */
export function renderLandingBody(): string {
  return renderToString(<LandingDocument />)
}
