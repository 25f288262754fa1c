export { MAIL_FROM_MESSAGE, mailEnv, SMTP_URL_MESSAGE } from './config.ts'
export { deliveryErrorOf, MAIL_ID, MailDeliveryError, type MailLanguage, type OutgoingMail, type SentMail } from './mail.ts'
export { listMailbox, type MailboxEntry } from './mailbox.ts'
export { createMailer, type Mailer, type MailerOptions } from './mailer.ts'
