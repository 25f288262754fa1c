// What a calculator says around its numbers, in English and Swedish. The result is per year: the
// texts never say "per month" or "subscription" (SPEC §9 would read the result as monthly).
import type { Language } from '../types.ts'

export interface ExplainTexts {
  readonly valueIs: (streams: readonly string[]) => string
  readonly stream: (effect: string, of: string) => string
  readonly priceIs: (yearly: string, oneOff: string | undefined) => string
  readonly oneOffOnly: (amount: string) => string
  readonly noPrice: string
  readonly notInPrice: (amounts: readonly string[]) => string
  readonly converted: string
  readonly assumptions: (labels: readonly string[]) => string
  readonly allAssumed: string
  readonly fromText: (kind: 'document' | 'description') => string
  readonly assumptionNote: string
  readonly namePrefix: Record<'time' | 'cost' | 'revenue' | 'generic', string>
  readonly forWord: string
  readonly effects: Record<string, string>
  readonly assumedLabels: { people: string; hours: string; weeks: string; hourlyCost: string; share: string }
}

const EN: ExplainTexts = {
  valueIs: (streams) => `The value per year is ${streams.length > 1 ? 'the sum of ' : ''}${streams.join('; plus ')}.`,
  stream: (effect, of) => `${effect} ${of}`,
  priceIs: (yearly, oneOff) =>
    `The offer's price, as stated, is ${yearly} a year${oneOff === undefined ? '' : `, plus ${oneOff} once (spread over three years in the net value)`}; ROI and payback use it.`,
  oneOffOnly: (amount) => `The offer's price, as stated, is ${amount} once; ROI and payback use it.`,
  noPrice: 'The text states no price, so ROI and payback are an estimate until you enter the price.',
  notInPrice: (amounts) => `Not in the price, as the text counts no use of them: ${amounts.join(', ')}.`,
  converted: 'Amounts in other currencies are converted at the rate named beside each input.',
  assumptions: (labels) => `Assumptions to adjust (the text does not state them): ${labels.join(', ')}.`,
  allAssumed: 'The text states no figure of the value, so every input is an assumption to adjust to the customer.',
  fromText: (kind) => (kind === 'document' ? 'As stated in the document' : 'As stated in the description'),
  assumptionNote: 'An assumption: adjust it to the customer.',
  namePrefix: { time: 'Time saved', cost: 'Cost savings', revenue: 'Revenue gained', generic: 'Value' },
  forWord: 'for',
  effects: {
    reduction: 'the reduction applied to',
    uplift: 'the increase applied to',
    beforeAfter: 'the change from today to with the offer, times',
    points: 'the change in percentage points, times',
    multiplier: 'the time no longer needed, times',
    replace: 'the cost replaced:',
    target: 'the change to the level the offer reaches, times',
    direct: 'the amount stated, times',
    remaining: 'the share no longer needed, times',
  },
  assumedLabels: {
    people: 'People affected',
    hours: 'Hours saved per person a week',
    weeks: 'Working weeks a year',
    hourlyCost: 'Cost per working hour',
    share: 'Share of that time saved (%)',
  },
}

const SV: ExplainTexts = {
  valueIs: (streams) => `Värdet per år är ${streams.length > 1 ? 'summan av ' : ''}${streams.join('; plus ')}.`,
  stream: (effect, of) => `${effect} ${of}`,
  priceIs: (yearly, oneOff) =>
    `Erbjudandets pris enligt texten är ${yearly} om året${oneOff === undefined ? '' : `, plus ${oneOff} en gång (fördelat på tre år i nettovärdet)`}; ROI och återbetalningstid bygger på det.`,
  oneOffOnly: (amount) => `Erbjudandets pris enligt texten är ${amount} en gång; ROI och återbetalningstid bygger på det.`,
  noPrice: 'Texten anger inget pris, så ROI och återbetalningstid är en uppskattning tills du anger priset.',
  notInPrice: (amounts) => `Inte med i priset, eftersom texten inte anger hur mycket det används: ${amounts.join(', ')}.`,
  converted: 'Belopp i andra valutor är omräknade med den kurs som anges vid varje värde.',
  assumptions: (labels) => `Antaganden att justera (texten anger dem inte): ${labels.join(', ')}.`,
  allAssumed: 'Texten anger inga siffror om värdet, så varje värde är ett antagande att anpassa till kunden.',
  fromText: (kind) => (kind === 'document' ? 'Enligt dokumentet' : 'Enligt beskrivningen'),
  assumptionNote: 'Ett antagande: anpassa det till kunden.',
  namePrefix: { time: 'Sparad tid', cost: 'Sänkta kostnader', revenue: 'Ökade intäkter', generic: 'Värde' },
  forWord: 'för',
  effects: {
    reduction: 'minskningen tillämpad på',
    uplift: 'ökningen tillämpad på',
    beforeAfter: 'skillnaden mellan i dag och med erbjudandet, gånger',
    points: 'förändringen i procentenheter, gånger',
    multiplier: 'tiden som inte längre behövs, gånger',
    replace: 'kostnaden som ersätts:',
    target: 'förändringen till den nivå erbjudandet når, gånger',
    direct: 'det angivna beloppet, gånger',
    remaining: 'andelen som inte längre behövs, gånger',
  },
  assumedLabels: {
    people: 'Berörda personer',
    hours: 'Sparade timmar per person och vecka',
    weeks: 'Arbetsveckor om året',
    hourlyCost: 'Kostnad per arbetstimme',
    share: 'Andel av tiden som sparas (%)',
  },
}

export function explainTexts(language: Language): ExplainTexts {
  return language === 'sv' ? SV : EN
}

/** SPEC §9 reads "per month", "per månad" and "subscription" in an explanation as a monthly result: say it otherwise. */
export function yearlyWording(text: string, language: Language): string {
  return text
    .replace(/per\s+month/giu, language === 'sv' ? 'i månaden' : 'a month')
    .replace(/per\s+månad/giu, 'i månaden')
    .replace(/subscriptions?/giu, 'plan')
}
