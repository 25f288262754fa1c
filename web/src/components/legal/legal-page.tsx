import { cancellationTab, legalPage, legalTabLabels, refundTab, restrictionsTab, type TermsTab } from '../../content/legal.ts'
import { Tabs } from '../ui/tabs.tsx'
import { ContactPanel } from './contact-panel.tsx'
import { LEGAL_TABS, type LegalTab } from './legal-search.ts'
import { TermsPanel } from './legal-sections.tsx'

const tabItems = LEGAL_TABS.map((value) => ({ value, label: legalTabLabels[value] }))

const termsTabs: Record<Exclude<LegalTab, 'contact'>, TermsTab> = {
  refund: refundTab,
  cancellation: cancellationTab,
  restrictions: restrictionsTab,
}

// A date without a time: formatted in UTC so no visitor's time zone moves it to the day before.
const lastUpdatedFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

/** /legal: the title, when the terms last changed, and the four tabs. */
export function LegalPage({ tab, onTabChange }: { tab: LegalTab; onTabChange: (tab: LegalTab) => void }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight">{legalPage.title}</h1>
      <p className="mt-3 leading-relaxed text-muted-foreground">{legalPage.intro}</p>
      <p className="mt-2 text-sm text-muted-foreground">
        {legalPage.lastUpdatedLabel}:{' '}
        <time dateTime={legalPage.lastUpdated}>{lastUpdatedFormat.format(new Date(legalPage.lastUpdated))}</time>
      </p>
      <Tabs label={legalPage.tabsLabel} items={tabItems} value={tab} onValueChange={onTabChange} className="mt-8">
        {tab === 'contact' ? <ContactPanel /> : <TermsPanel content={termsTabs[tab]} />}
      </Tabs>
    </div>
  )
}
