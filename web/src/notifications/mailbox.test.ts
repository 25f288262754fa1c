import { describe, expect, it } from 'vitest'
import { framedHtml, languageName, mailDate, newestFirst, textParts, type MailboxMessage } from './mailbox.ts'

const message = (id: string, date: string): MailboxMessage => ({
  id,
  to: 'seller@example.com',
  subject: `Mail ${id}`,
  language: 'en',
  text: '',
  html: '',
  date,
})

describe('the development mailbox', () => {
  it('lists the e-mails newest first, whatever order they come in', () => {
    const listed = newestFirst([
      message('a', '2026-11-29T07:00:00.000Z'),
      message('c', '2026-11-29T09:00:00.000Z'),
      message('b', '2026-11-29T08:00:00.000Z'),
    ])
    expect(listed.map((entry) => entry.id)).toEqual(['c', 'b', 'a'])
  })

  it('makes the http(s) addresses of the plain text links, leaving the sentence around them as text', () => {
    const text = 'Confirm your address: http://localhost:3000/verify-email?token=ab.cd.\nOr see (https://example.com/help).'
    expect(textParts(text)).toEqual([
      { text: 'Confirm your address: ' },
      { text: 'http://localhost:3000/verify-email?token=ab.cd', href: 'http://localhost:3000/verify-email?token=ab.cd' },
      { text: '.\nOr see (' },
      { text: 'https://example.com/help', href: 'https://example.com/help' },
      { text: ').' },
    ])
  })

  it('keeps a text without addresses whole, and an address that is the whole text a link', () => {
    expect(textParts('No links here.')).toEqual([{ text: 'No links here.' }])
    expect(textParts('https://a.example/x')).toEqual([{ text: 'https://a.example/x', href: 'https://a.example/x' }])
    expect(textParts('')).toEqual([])
  })

  it('does not make other schemes links', () => {
    expect(textParts('javascript:alert(1) mailto:a@b.example')).toEqual([{ text: 'javascript:alert(1) mailto:a@b.example' }])
  })

  it("opens the HTML part's links in a new tab, the base inside <head> when there is one", () => {
    expect(framedHtml('<!doctype html><html><head><title>x</title></head><body>Hi</body></html>')).toBe(
      '<!doctype html><html><head><base target="_blank"><title>x</title></head><body>Hi</body></html>',
    )
    expect(framedHtml('<HEAD lang="sv"></HEAD>')).toBe('<HEAD lang="sv"><base target="_blank"></HEAD>')
    expect(framedHtml('<p>Hi</p>')).toBe('<base target="_blank"><p>Hi</p>')
    expect(framedHtml('<header>x</header>')).toBe('<base target="_blank"><header>x</header>')
  })

  it('names the language and shows the date, or the text as given when it is no date', () => {
    expect(languageName('sv')).toBe('Swedish')
    expect(languageName('en')).toBe('English')
    expect(mailDate('2026-11-29T07:30:00.000Z')).toMatch(/^Nov 29, 2026, \d{1,2}:30\s?[AP]M$/)
    expect(mailDate('yesterday')).toBe('yesterday')
  })
})
