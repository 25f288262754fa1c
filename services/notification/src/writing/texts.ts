// What each e-mail says, in English and Swedish (written as a Swedish B2B product writes, not word
// for word). `{title}` and the other fields are filled by compose.ts, escaped for the HTML part.
import type { MailLanguage } from '@valueproof/mailer'

export interface MailTexts {
  greeting: string
  verify: { subject: string; lead: string; button: string; ignore: string }
  firstOpen: { subject: string; lead: string }
  laterOpens: { subject: (opens: number) => string; lead: (opens: number) => string }
  agreed: { subject: string; lead: string; scenario: string; yearlyValue: string; netCost: string; by: string }
  pdfDownloaded: { subject: string; lead: string; scenario: string }
  weeklyDigest: { subject: string; lead: string; views: (views: number) => string; none: string }
  webhookDisabled: { subject: string; lead: string; reason: string; action: string; button: string }
  openAnalytics: string
  footer: string
  unsubscribe: string
  settings: string
  scenarioNames: Readonly<Record<string, string>>
}

const english: MailTexts = {
  greeting: 'Hi,',
  verify: {
    subject: 'Confirm your e-mail address for ValueProof',
    lead: 'Confirm this address to hear when prospects open, study or agree to your proposals.',
    button: 'Confirm e-mail address',
    ignore: 'If you did not ask for this, ignore this e-mail: nothing is sent to this address until it is confirmed.',
  },
  firstOpen: { subject: 'A prospect opened "{title}"', lead: 'A prospect opened "{title}" for the first time.' },
  laterOpens: {
    subject: (opens) => `"{title}" was opened ${opens} more ${opens === 1 ? 'time' : 'times'}`,
    lead: (opens) => `"{title}" was opened ${opens} more ${opens === 1 ? 'time' : 'times'} since the last e-mail.`,
  },
  agreed: {
    subject: 'A prospect agreed to "{title}"',
    lead: 'A prospect said the numbers of "{title}" work for them.',
    scenario: 'Scenario',
    yearlyValue: 'Yearly value',
    netCost: 'Net cost per year',
    by: 'Agreed by',
  },
  pdfDownloaded: {
    subject: 'A prospect downloaded "{title}" as a PDF',
    lead: 'A prospect downloaded "{title}" as a PDF.',
    scenario: 'Scenario',
  },
  weeklyDigest: {
    subject: 'Your proposals this week',
    lead: 'Views by prospects in the week from {weekStart}:',
    views: (views) => `${views} ${views === 1 ? 'view' : 'views'}`,
    none: 'No prospect opened your proposals this week.',
  },
  webhookDisabled: {
    subject: 'Your webhook endpoint was turned off',
    lead: 'Deliveries to {url} failed for a day, so ValueProof stopped sending to it.',
    reason: 'Last error',
    action: 'When the endpoint works again, resend a delivery in your settings: that turns it back on.',
    button: 'Open webhook settings',
  },
  openAnalytics: 'See the analytics',
  footer: 'You get this e-mail because these notifications are on in your ValueProof settings.',
  unsubscribe: 'Unsubscribe from these e-mails',
  settings: 'Notification settings',
  scenarioNames: { conservative: 'Conservative', expected: 'Expected', optimistic: 'Optimistic' },
}

const swedish: MailTexts = {
  greeting: 'Hej!',
  verify: {
    subject: 'Bekräfta din e-postadress för ValueProof',
    lead: 'Bekräfta adressen så får du veta när kunder öppnar, läser eller godkänner dina förslag.',
    button: 'Bekräfta e-postadressen',
    ignore: 'Har du inte bett om det här kan du bortse från mejlet. Vi skickar inget till adressen förrän den är bekräftad.',
  },
  firstOpen: { subject: 'En kund har öppnat ”{title}”', lead: 'En kund öppnade ”{title}” för första gången.' },
  laterOpens: {
    subject: (opens) => `”{title}” har öppnats ${opens} ${opens === 1 ? 'gång' : 'gånger'} till`,
    lead: (opens) => `”{title}” har öppnats ${opens} ${opens === 1 ? 'gång' : 'gånger'} till sedan förra mejlet.`,
  },
  agreed: {
    subject: 'En kund har godkänt ”{title}”',
    lead: 'En kund har godkänt siffrorna i ”{title}”.',
    scenario: 'Scenario',
    yearlyValue: 'Värde per år',
    netCost: 'Nettokostnad per år',
    by: 'Godkänt av',
  },
  pdfDownloaded: {
    subject: 'En kund har laddat ner ”{title}” som pdf',
    lead: 'En kund laddade ner ”{title}” som pdf.',
    scenario: 'Scenario',
  },
  weeklyDigest: {
    subject: 'Dina förslag den här veckan',
    lead: 'Visningar av kunder veckan som började {weekStart}:',
    views: (views) => `${views} ${views === 1 ? 'visning' : 'visningar'}`,
    none: 'Ingen kund öppnade dina förslag den här veckan.',
  },
  webhookDisabled: {
    subject: 'Din webhook har stängts av',
    lead: 'Leveranserna till {url} har misslyckats i ett dygn, så ValueProof har slutat skicka dit.',
    reason: 'Senaste felet',
    action: 'När mottagaren fungerar igen kan du skicka om en leverans i inställningarna, så slås webhooken på igen.',
    button: 'Öppna inställningarna för webhooks',
  },
  openAnalytics: 'Se statistiken',
  footer: 'Du får mejlet eftersom de här aviseringarna är påslagna i dina inställningar i ValueProof.',
  unsubscribe: 'Sluta få de här mejlen',
  settings: 'Inställningar för aviseringar',
  scenarioNames: { conservative: 'Försiktigt', expected: 'Förväntat', optimistic: 'Optimistiskt' },
}

export function mailTexts(language: MailLanguage): MailTexts {
  return language === 'sv' ? swedish : english
}
