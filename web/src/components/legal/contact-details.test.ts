import { describe, expect, it } from 'vitest'
import type { SupportContact } from '@valueproof/contracts'
import { contactDetails } from './contact-details.ts'

const standard: SupportContact = {
  email: 'help@acme-support.example',
  phone: '+46 8 555 010 20',
  priority: false,
  replyWithin: 'within 24 hours on business days',
}

describe("the Contact tab's details", () => {
  it('links the configured address and phone number', () => {
    expect(contactDetails(standard)).toEqual({
      email: { text: 'help@acme-support.example', href: 'mailto:help@acme-support.example' },
      phone: { text: '+46 8 555 010 20', href: 'tel:+46855501020' },
      priorityReplyWithin: null,
    })
  })

  it.each([null, '', '   '])('has no phone line when the phone is %j', (phone) => {
    expect(contactDetails({ ...standard, phone }).phone).toBeNull()
  })

  it('shows a configured phone that is not a plain number as text, without a link', () => {
    expect(contactDetails({ ...standard, phone: 'Ask for Anna' }).phone).toEqual({ text: 'Ask for Anna', href: undefined })
  })

  it('links no address that would carry more than an address', () => {
    expect(contactDetails({ ...standard, email: 'help@acme.example?subject=Refund' }).email.href).toBeUndefined()
  })

  it("names Pro's priority reply target", () => {
    const pro = contactDetails({ ...standard, email: 'priority@acme.example', priority: true, replyWithin: 'within 4 business hours' })
    expect(pro.email.href).toBe('mailto:priority@acme.example')
    expect(pro.priorityReplyWithin).toBe('within 4 business hours')
  })
})
