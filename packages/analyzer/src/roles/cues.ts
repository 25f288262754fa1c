// The words that tell a figure's role, in English and Swedish: the offer's price, a change the
// offer makes, the customer's situation, or context that drives nothing. They describe how sellers
// write (a price label, "we charge", "cuts", "i dag"), never a particular story.

import { unicodeWords } from '../read/word-boundary.ts'

/** A sentence that opens with a price label: "Pricing: $29 …", "Pris: 4 500 kr/mån", "Licence: $65/user/month". */
export const PRICE_LABEL =
  /(?:^\s*|[\n•\-–:]\s*)(?:pricing|price|prices|our price|cost to you|commercials|price tag|fee|fees|licen[cs]e(?: fee)?|subscription|plan|plans|investment|lease|leasing|rental|pris(?:et)?|vårt pris|licens(?:en)?|abonnemang(?:et)?|avgift(?:en)?|årsavgift|månadsavgift|kostnad för (?:tjänsten|er)|investering(?:en)?|prislapp)(?:\s+[^:.\n\d]{0,30})?\s*[:\-–]/iu

/** We/our as the one who charges: "we charge", "our fee is", "vi tar", "vi fakturerar", "kostar bara". */
export const SELLER_CHARGES = unicodeWords(
  /\b(?:we\s+(?:charge|bill|ask|invoice|cost)|vi\s+kostar|our\s+[\p{L}-]+\s+(?:bill|bills|charge|charges|invoice|invoices)|våra?\s+[\p{L}-]+\s+(?:fakturerar|debiterar|tar)|our\s+(?:price|fee|fees|rate|licen[cs]e|subscription|pricing|plan|service|tool|platform|app|software|system|solution)\s+(?:is|costs?|runs|comes)|costs?\s+(?:just|only)|is\s+priced\s+at|pricing\s+is|the\s+price\s+is|prissättningen\s+är|priset\s+är|priced\s+at|billed\s+(?:at|monthly|annually|yearly)|at\s+a\s+(?:fee|price)\s+of|vi\s+(?:tar|tar\s+betalt|fakturerar|debiterar)|(?:my|mitt|min|mina)\s+(?:[\p{L}-]*pris|[\p{L}-]*taxa|[\p{L}-]*arvode|rate|hourly\s+rate|day\s+rate|fee|fees|price)|(?:tar|fakturerar|debiterar)\s+vi|vårt\s+(?:pris|arvode)|vår\s+(?:avgift|licens|tjänst\s+kostar)|kostar\s+(?:bara|endast|från)|från\s+\d)/iu,
)

/** The offer as the thing that costs: "the cameras are NOK 85,000 per pen", "konsultinsatsen kostar 180 tkr". */
export const OFFER_THINGS = unicodeWords(
  /\b(?:our|the|vår|våra|vårt|er\s+nya)\s+(?:app|tool|platform|service|system|software|solution|sensors?|cameras?|licen[cs]es?|subscription|device|devices|module|coaching|training|programme|program|package|analysis|audit|consulting)\b|\b(?:vår|våra|vårt|er\s+nya)\s+[\p{L}-]*(?:tjänst(?:en)?|verktyg(?:et)?|plattform(?:en)?|system(?:et)?|lösning(?:en)?|sensorer(?:na)?|kameror(?:na)?|app(?:en)?|licens(?:en)?|abonnemang(?:et)?|utbildning(?:en)?|analys(?:en)?|paket(?:et)?)\b|\b(?:konsultinsats(?:en)?|analysen|utbildningen|införandet|implementationen|uppstarten|installationen|tjänsten|licensen|abonnemanget|plattformen|programmet|coachingen|appen|systemet|verktyget|programvaran|mjukvaran|portalen|sensorerna|kamerorna|the\s+(?:engagement|project|rollout|implementation|programme|licen[cs]e|subscription))\b/iu,
)

/** A price paid once. */
export const ONE_OFF = unicodeWords(
  /\b(?:one[-\s]?time|one[-\s]?off|once|setup|set-up|set\s+up|installation|install|onboarding|implementation|upfront|up-front|initial|project\s+fee|engång\w*|engång|uppstart\w*|installation\w*|införande\w*|implementation\w*|startavgift\w*|etablering\w*|driftsättning\w*|montage|montering|commissioning|deployment)\b/iu,
)

/** The customer's own costs, rates and revenues: "loaded cost", "costs the firm", "i dag", "lägger". */
export const CUSTOMER_SIDE = unicodeWords(
  /\b(?:loaded|internal|internt|interna|salary|salaries|wage|wages|lön|löner|timkostnad|personalkostnad|lönekostnad\w*|cost\s+the\s+(?:firm|client|company|business|customer)|costs?\s+(?:them|you|the\s+customer|each\s+\w+)|bill(?:s|ed)?\s+(?:out\s+)?at|turnover|revenue|sales|omsättning|omsätt(?:er|ar|s)|intäkt\w*|försäljning|worth|värd|value\s+of|spend(?:s|ing)?|lägger|betalar|pays?|paying|carry|carrying|buys?|köper|hyr|hyrs|rents?|leases?|today|currently|i\s+dag|idag|för\s+närvarande|per\s+\w+\s+(?:visit|job|order|case|call)|each\s+\w+\s+(?:costs|bills|brings))\b/iu,
)

/** Verbs of a decrease the offer brings: "cuts", "reduce", "sparar", "halverar", "färre". */
export const DECREASE = unicodeWords(
  /\b(?:cut(?:s|ting)?|remov\w*|lämnas\s+tillbaka|can\s+be\s+(?:returned|cancelled|dropped|released)|kan\s+(?:sägas\s+upp|lämnas|avvecklas)|kan\s+(?:ni|du|man|de)\s+(?:lämna|frigöra|avveckla|släppa|säga\s+upp)|(?:can|could)\s+(?:you\s+|they\s+)?(?:give\s+up|vacate|free\s+up|hand\s+back|let\s+go\s+of)|stops?|block\w*|catch\w*|stoppa\w*|fånga\w*|moves?|shifts?|sjunk\w*|falls?|fell|fallen|faller|declin\w*|deflect\w*|self-serv\w*|lös(?:as|es)|kan\s+hanteras|flyttar|flyttas|överför\w*|går\s+över\s+till|switch(?:es|ed)?\s+to|take\s+away|takes\s+over|automat\w*|reduc\w*|lower\w*|sav(?:e|es|ed|ing)|less(?!\s+than)|fewer(?!\s+than)|drop\w*|decreas\w*|shrink\w*|eliminat\w*|avoid\w*|prevent\w*|shorten\w*|trim\w*|slash\w*|down|minsk\w*|sänk\w*|spar(?:ar|a|as|ad)|mindre(?!\s+än)|färre(?!\s+än)|halver\w*|kort(?:ar|are)|undvik\w*|tar\s+bort|tar\s+över|automatiser\w*|ner|ned|lägre(?!\s+än)|bespar\w*)\b/iu,
)

/** Verbs of an increase the offer brings: "lifts", "raises", "höjer", "ökar", "recovers". */
export const INCREASE = unicodeWords(
  /\b(?:lift(?:s|ed|ing)?|rais(?:e|es|ed|ing)|ris(?:e|es|ing)|rose|risen|increas\w*|boost(?:s|ed|ing)?|improv\w*|grow\w*|more|higher|up|recover\w*|rädd(?:ar|a|as|ade)|rescu\w*|rebook\w*|refill\w*|fill(?:s|ed)?|fyll(?:s|er|des|a)?|reclaim\w*|captur\w*|convert\w*|win(?:s|ning)?|retain\w*|keep(?:s|ing)?|kept|extra|additional|bring\w*\s+back|brought\s+back|reactivat\w*|återaktiver\w*|få\w*\s+(?:\p{L}+\s+)?tillbaka|återkräv\w*|reclaim\w*|höj\w*|ök\w*|förbättr\w*|fler|mer|högre|återvinn\w*|återta\w*|behåll\w*|vinn\w*|extra)\b/iu,
)

/** The offer does the change: "with our", "our tool", "med vår", "vi", "clinics on our". */
export const OFFER_ACTS = unicodeWords(
  /\b(?:we|our|us|with\s+(?:our|the|us)|using\s+(?:our|the)|on\s+our|after\s+(?:our|the)|vi|vår|våra|vårt|med\s+(?:vår|våra|vårt|oss|tjänsten|systemet|verktyget|appen|plattformen)|efter\s+(?:vår|utbildningen|införandet)|genom\s+(?:vår|att))\b/iu,
)

/** What is still needed after the change: "only the review remains", "återstår bara granskningen". */
export const REMAINS =
  /(?<!\p{L})(?:återstår|finns\s+kvar|är\s+kvar|remains?|is\s+left|are\s+left|still\s+needed|still\s+takes?)(?!\p{L})/iu

/** A replaced cost: "replaces", "instead of", "ersätter", "byt ut", "slipper". */
export const REPLACES = unicodeWords(
  /\b(?:replac(?:e|es|ed|ing)|instead\s+of|no\s+longer|eliminat\w*|swap\w*|ersätt(?:er|a|es|ande)|ersätts(?!\s+med\s+\d)|byt\w*\s+ut|i\s+stället\s+för|istället\s+för|slipp\w*|avveckla\w*|säga\s+upp)\b/iu,
)

/** A state of things, not a change: "sits at", "runs at", "ligger på", "is", "today". */
export const STATE = unicodeWords(
  /\b(?:sits?\s+at|runs?\s+at|stands?\s+at|is\s+about|averages?|today|currently|typically|ligger\s+(?:på|runt|kring)|är\s+(?:i\s+dag|idag)|i\s+dag|idag|i\s+snitt|normalt)\b/iu,
)

/** The seller's own track record and network: not the customer's figures. */
export const SELLER_RECORD = unicodeWords(
  /\b(?:founded|since|established|in\s+business|trusted\s+by|used\s+by|serving|serves|over\s+\d[\d\s,.]*\s*(?:customers|clients|companies|businesses)|our\s+(?:customers|clients)|we\s+have\s+(?:helped|served|over)|rated|award|certified|grundad\w*|sedan|anslutna|nöjda\s+kunder|kunder\s+i\s+hela|vi\s+har\s+(?:hjälpt|över)|betyg|certifier\w*|prisbelönt\w*)\b/iu,
)

/** A rating: "4.8/5", "4,8 av 5", "five stars". */
export const RATING = /\d(?:[.,]\d)?\s*(?:\/\s*5|av\s+5|out\s+of\s+5|stars|stjärnor)/iu

/** A rate named just before a figure ("at an exchange rate of 11.4", "växelkurs 11,40"); stated rates are read in read/exchange-rates. */
export const EXCHANGE_RATE = unicodeWords(/\b(?:exchange\s+rate|växelkurs(?:en)?|kurs(?:en)?\s+(?:på|of))\b/iu)
