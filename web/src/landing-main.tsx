import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { LandingDocument } from './landing/landing-document.tsx'
import './styles.css'

// The light entry (landing.html) for a visitor's / : the prerendered landing page comes to life (the
// demo's sliders, the theme toggle, CTA tracking) without the signed-in application — no router, no
// session call. The gateway serves landing.html for / when there is no session cookie (gateway/src/web-app.ts).

const container = document.getElementById('root')
if (container === null) throw new Error('landing.html has no #root element')

hydrateRoot(
  container,
  <StrictMode>
    <LandingDocument />
  </StrictMode>,
)
