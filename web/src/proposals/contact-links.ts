// The seller's e-mail and phone as links on the proposal page (issue 15). Identity checks both when
// they are saved; the page still builds a link only from a plainly safe value, since it renders
// whatever the stored record says: never a mailto: with a query part, never a scheme of its own.

// The shape identity accepts (zod's e-mail pattern): ASCII, no '?', '&' or spaces.
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/
const PHONE = /^\+?[0-9 ()./-]+$/
const MIN_DIGITS = 5
const MAX_DIGITS = 20

/** "mailto:anna@acme.example" for a plain address; undefined for anything else. */
export function mailtoHref(email: string | null | undefined): string | undefined {
  const text = email?.trim()
  return text !== undefined && EMAIL.test(text) ? `mailto:${text}` : undefined
}

/** "tel:+46701234567" for a written phone number ("+46 70-123 45 67"); undefined for anything else. */
export function telHref(phone: string | null | undefined): string | undefined {
  const text = phone?.trim()
  if (text === undefined || !PHONE.test(text)) return undefined
  const digits = text.replace(/\D/g, '')
  if (digits.length < MIN_DIGITS || digits.length > MAX_DIGITS) return undefined
  return `tel:${text.startsWith('+') ? '+' : ''}${digits}`
}
