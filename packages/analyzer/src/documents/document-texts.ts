// What a document's calculator says about its value side and its price, in English and Swedish.
// The value of a document that claims none is said to be assumptions; the price is said to be the
// document's, with how it was added up. Nothing here says the document has "no figure": it has
// figures, only none of a saving. The result is per year, never "per month" (SPEC §9).
import { formatMoney, type Currency } from '@valueproof/formula'
import type { Language } from '../types.ts'
import type { DocumentPrice } from './price-side.ts'

export interface DocumentTexts {
  readonly valueAssumed: (domain: string, streams: readonly string[], stated: readonly string[]) => string
  /** The document states its value itself (its arithmetic, its claimed amounts): its figures, and the assumptions how often needs. */
  readonly valueWorked: (stated: readonly string[], assumed: readonly string[]) => string
  readonly price: (price: DocumentPrice, currency: Currency) => string
  readonly noPrice: string
  /** A template's price is an example figure (issue 14). */
  readonly templatePrice: string
  readonly assumptionNote: string
  readonly statedNote: (page: number) => string
  readonly choiceNote: string
  readonly summedNote: (lines: number, firstPage: number, lastPage: number) => string
  readonly converted: string
  readonly name: (domain: string) => string
  readonly fields: { readonly value: string; readonly price: string; readonly net: string }
}

function list(items: readonly string[], and: string): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1) ?? ''}`
}

function priceEn(price: DocumentPrice, currency: Currency): string {
  const money = (value: number) => formatMoney(value, currency)
  const yearly = price.yearly === undefined ? undefined : `${money(price.yearly.amount)} a year`
  const once = price.oneOff === undefined ? undefined : `${money(price.oneOff.amount)}${yearly === undefined ? '' : ' once'}`
  const amount = list(
    [yearly, once].filter((part) => part !== undefined),
    'plus',
  )
  const how =
    price.basis === 'work'
      ? `the hours of its ${price.lines} tasks at its hourly rate`
      : price.basis === 'rate'
        ? `its rate for ${price.chosen ?? 'the service'} at an assumed use you can change`
        : price.basis === 'choice'
          ? `${price.chosen ?? 'one option'}, one of the choices it lists`
          : price.basis === 'total'
            ? `its stated total (page ${price.source.page})`
            : `the sum of ${price.lines} stated line${price.lines === 1 ? '' : 's'}`
  const estimate = price.estimate ? " This is the buyer's own estimate of the engagement, not a quoted price." : ''
  const parts = price.instalments.length > 1 ? ` It is paid in ${price.instalments.length} instalments, which are not added again.` : ''
  return `The price is the document's: ${amount}, ${how}.${estimate}${parts} Options and hourly services the buyer may add are inputs set to none until chosen; ROI and payback use this price.`
}

function priceSv(price: DocumentPrice, currency: Currency): string {
  const money = (value: number) => formatMoney(value, currency)
  const yearly = price.yearly === undefined ? undefined : `${money(price.yearly.amount)} om året`
  const once = price.oneOff === undefined ? undefined : `${money(price.oneOff.amount)}${yearly === undefined ? '' : ' en gång'}`
  const amount = list(
    [yearly, once].filter((part) => part !== undefined),
    'plus',
  )
  const how =
    price.basis === 'work'
      ? `timmarna för dess ${price.lines} moment till dess timpris`
      : price.basis === 'rate'
        ? `dess pris för ${price.chosen ?? 'tjänsten'} vid en antagen användning som du kan ändra`
        : price.basis === 'choice'
          ? `${price.chosen ?? 'ett alternativ'}, ett av alternativen det anger`
          : price.basis === 'total'
            ? `dess angivna totalbelopp (sidan ${price.source.page})`
            : `summan av ${price.lines} angivna rader`
  const estimate = price.estimate ? ' Det är köparens egen uppskattning av uppdraget, inte ett offererat pris.' : ''
  const parts =
    price.instalments.length > 1 ? ` Det betalas i ${price.instalments.length} delbetalningar, som inte räknas en gång till.` : ''
  return `Priset är dokumentets: ${amount}, ${how}.${estimate}${parts} Tillval och timdebiterade tjänster som köparen kan lägga till är värden satta till noll tills de väljs; ROI och återbetalningstid bygger på detta pris.`
}

const EN: DocumentTexts = {
  valueAssumed: (domain, streams, stated) =>
    `The document prices ${domain} but claims no saving or gain, so the value side is assumptions that fit it: ${list(streams, 'and')}. Every value input is an assumption to adjust to the customer${stated.length === 0 ? '' : `, except what the document states: ${list(stated, 'and')}`}; no price in it is counted as value.`,
  valueWorked: (stated, assumed) =>
    `The value is the one the document states itself, with its figures: ${list(stated, 'and')}${assumed.length === 0 ? '' : `; ${list(assumed, 'and')} ${assumed.length === 1 ? 'is an assumption' : 'are assumptions'} to adjust to the customer`}. No price in it is counted as value.`,
  price: priceEn,
  noPrice: 'The document states no price, so ROI and payback are an estimate until you enter the price.',
  templatePrice: 'The document is a template: its price is an example figure, to replace with the real one.',
  assumptionNote: 'An assumption: adjust it to the customer.',
  statedNote: (page) => `As stated in the document (page ${page}).`,
  choiceNote: 'A choice the buyer makes: 1 to take it, 0 to leave it out.',
  summedNote: (lines, firstPage, lastPage) =>
    `The sum of ${lines.toLocaleString('en-US')} further price lines as the document states them (pages ${firstPage}–${lastPage}).`,
  converted: 'Amounts in other currencies are converted at the rate named beside each input.',
  name: (domain) => `Value of ${domain}`,
  fields: { value: 'Value per year', price: 'Price per year', net: 'Net value per year' },
}

const SV: DocumentTexts = {
  valueAssumed: (domain, streams, stated) =>
    `Dokumentet prissätter ${domain} men anger ingen besparing eller vinst, så värdesidan är antaganden som passar det: ${list(streams, 'och')}. Varje värde är ett antagande att anpassa till kunden${stated.length === 0 ? '' : `, utom det dokumentet anger: ${list(stated, 'och')}`}; inget pris i det räknas som värde.`,
  valueWorked: (stated, assumed) =>
    `Värdet är det som dokumentet självt anger, med dess siffror: ${list(stated, 'och')}${assumed.length === 0 ? '' : `; ${list(assumed, 'och')} ${assumed.length === 1 ? 'är ett antagande' : 'är antaganden'} att anpassa till kunden`}. Inget pris i det räknas som värde.`,
  price: priceSv,
  noPrice: 'Dokumentet anger inget pris, så ROI och återbetalningstid är en uppskattning tills du anger priset.',
  templatePrice: 'Dokumentet är en mall: dess pris är en exempelsiffra att ersätta med det verkliga.',
  assumptionNote: 'Ett antagande: anpassa det till kunden.',
  statedNote: (page) => `Enligt dokumentet (sidan ${page}).`,
  choiceNote: 'Ett val köparen gör: 1 för att ta med det, 0 för att låta bli.',
  summedNote: (lines, firstPage, lastPage) =>
    `Summan av ${lines.toLocaleString('sv-SE')} prisrader till, som dokumentet anger dem (sidorna ${firstPage}–${lastPage}).`,
  converted: 'Belopp i andra valutor är omräknade med den kurs som anges vid varje värde.',
  name: (domain) => `Värdet av ${domain}`,
  fields: { value: 'Värde per år', price: 'Pris per år', net: 'Nettovärde per år' },
}

export function documentTexts(language: Language): DocumentTexts {
  return language === 'sv' ? SV : EN
}
