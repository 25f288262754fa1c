// The things figures count, in English and Swedish: people, users, audiences and units ("700
// attendees", "1 200 fakturor", "per sida", "per seat"), with their names for labels and parameters.

/** Who or what a figure counts; the group decides which calculator role it can fill. */
export type EntityGroup = 'staff' | 'user' | 'audience' | 'unit' | 'impression'

export interface Entity {
  readonly id: string
  readonly group: EntityGroup
  /** camelCase singular, for parameter names. */
  readonly camel: string
  readonly en: { readonly one: string; readonly many: string }
  readonly sv: { readonly one: string; readonly many: string }
}

function entity(id: string, group: EntityGroup, en: [string, string], sv: [string, string], camel: string = id): Entity {
  return { id, group, camel, en: { one: en[0], many: en[1] }, sv: { one: sv[0], many: sv[1] } }
}

export const ENTITIES = {
  person: entity('person', 'staff', ['person', 'people'], ['person', 'personer']),
  employee: entity('employee', 'staff', ['employee', 'employees'], ['anställd', 'anställda']),
  consultant: entity('consultant', 'staff', ['consultant', 'consultants'], ['konsult', 'konsulter']),
  developer: entity('developer', 'staff', ['developer', 'developers'], ['utvecklare', 'utvecklare']),
  agent: entity('agent', 'staff', ['agent', 'agents'], ['handläggare', 'handläggare']),
  lawyer: entity('lawyer', 'staff', ['lawyer', 'lawyers'], ['jurist', 'jurister']),
  clerk: entity('clerk', 'staff', ['clerk', 'clerks'], ['administratör', 'administratörer']),
  physician: entity('physician', 'staff', ['physician', 'physicians'], ['läkare', 'läkare']),
  nurse: entity('nurse', 'staff', ['nurse', 'nurses'], ['sjuksköterska', 'sjuksköterskor']),
  supervisor: entity('supervisor', 'staff', ['supervisor', 'supervisors'], ['arbetsledare', 'arbetsledare']),
  salesperson: entity('salesperson', 'staff', ['salesperson', 'salespeople'], ['säljare', 'säljare']),
  physiotherapist: entity('physiotherapist', 'staff', ['physiotherapist', 'physiotherapists'], ['fysioterapeut', 'fysioterapeuter']),
  craftsman: entity('craftsman', 'staff', ['tradesperson', 'tradespeople'], ['hantverkare', 'hantverkare']),
  driver: entity('driver', 'staff', ['driver', 'drivers'], ['förare', 'förare']),
  receptionist: entity('receptionist', 'staff', ['receptionist', 'receptionists'], ['receptionist', 'receptionister']),
  technician: entity('technician', 'staff', ['technician', 'technicians'], ['tekniker', 'tekniker']),
  analyst: entity('analyst', 'staff', ['analyst', 'analysts'], ['analytiker', 'analytiker']),
  accountant: entity('accountant', 'staff', ['accountant', 'accountants'], ['ekonom', 'ekonomer']),
  manager: entity('manager', 'staff', ['manager', 'managers'], ['chef', 'chefer']),
  specialist: entity('specialist', 'staff', ['specialist', 'specialists'], ['specialist', 'specialister']),
  coordinator: entity('coordinator', 'staff', ['coordinator', 'coordinators'], ['samordnare', 'samordnare']),
  assistant: entity('assistant', 'staff', ['assistant', 'assistants'], ['assistent', 'assistenter']),
  operator: entity('operator', 'staff', ['operator', 'operators'], ['operatör', 'operatörer']),
  recruiter: entity('recruiter', 'staff', ['recruiter', 'recruiters'], ['rekryterare', 'rekryterare']),
  teacher: entity('teacher', 'staff', ['teacher', 'teachers'], ['lärare', 'lärare']),
  user: entity('user', 'user', ['user', 'users'], ['användare', 'användare']),
  license: entity('license', 'user', ['licence', 'licences'], ['licens', 'licenser']),
  seat: entity('seat', 'user', ['seat', 'seats'], ['plats', 'platser']),
  attendee: entity('attendee', 'audience', ['attendee', 'attendees'], ['deltagare', 'deltagare']),
  visitor: entity('visitor', 'audience', ['visitor', 'visitors'], ['besökare', 'besökare']),
  customer: entity('customer', 'audience', ['customer', 'customers'], ['kund', 'kunder']),
  patient: entity('patient', 'audience', ['patient', 'patients'], ['patient', 'patienter']),
  lead: entity('lead', 'audience', ['lead', 'leads'], ['lead', 'leads']),
  subscriber: entity('subscriber', 'audience', ['subscriber', 'subscribers'], ['prenumerant', 'prenumeranter']),
  household: entity('household', 'audience', ['household', 'households'], ['hushåll', 'hushåll']),
  document: entity('document', 'unit', ['document', 'documents'], ['dokument', 'dokument']),
  page: entity('page', 'unit', ['page', 'pages'], ['sida', 'sidor']),
  report: entity('report', 'unit', ['report', 'reports'], ['rapport', 'rapporter']),
  invoice: entity('invoice', 'unit', ['invoice', 'invoices'], ['faktura', 'fakturor']),
  order: entity('order', 'unit', ['order', 'orders'], ['order', 'ordrar']),
  ticket: entity('ticket', 'unit', ['ticket', 'tickets'], ['ärende', 'ärenden']),
  call: entity('call', 'unit', ['call', 'calls'], ['samtal', 'samtal']),
  meeting: entity('meeting', 'unit', ['meeting', 'meetings'], ['möte', 'möten']),
  booking: entity('booking', 'unit', ['booking', 'bookings'], ['bokning', 'bokningar']),
  visit: entity('visit', 'unit', ['visit', 'visits'], ['besök', 'besök']),
  reminder: entity('reminder', 'unit', ['reminder', 'reminders'], ['påminnelse', 'påminnelser']),
  bid: entity('bid', 'unit', ['bid', 'bids'], ['anbud', 'anbud']),
  room: entity('room', 'unit', ['room', 'rooms'], ['rum', 'rum']),
  bed: entity('bed', 'unit', ['bed', 'beds'], ['vårdplats', 'vårdplatser']),
  apartment: entity('apartment', 'unit', ['apartment', 'apartments'], ['lägenhet', 'lägenheter']),
  /** Days bought or delivered as units ("12 konferensdagar", "10 training days"), not a duration. */
  day: entity('day', 'unit', ['day', 'days'], ['dag', 'dagar']),
  shipment: entity('shipment', 'unit', ['shipment', 'shipments'], ['leverans', 'leveranser']),
  message: entity('message', 'unit', ['message', 'messages'], ['meddelande', 'meddelanden']),
  claim: entity('claim', 'unit', ['claim', 'claims'], ['skadeanmälan', 'skadeanmälningar']),
  vehicle: entity('vehicle', 'unit', ['vehicle', 'vehicles'], ['fordon', 'fordon']),
  vessel: entity('vessel', 'unit', ['vessel', 'vessels'], ['fartyg', 'fartyg']),
  mile: entity('mile', 'unit', ['mile', 'miles'], ['engelsk mil', 'engelska mil']),
  /** The Scandinavian mile (10 km) of "0,60 kr per mil", "800 mil i veckan": a Swedish word only. */
  scandinavianMile: entity('scandinavianMile', 'unit', ['Scandinavian mile', 'Scandinavian miles'], ['mil', 'mil']),
  kilometre: entity('kilometre', 'unit', ['kilometre', 'kilometres'], ['kilometer', 'kilometer']),
  kwh: entity('kwh', 'unit', ['kWh', 'kWh'], ['kWh', 'kWh']),
  transaction: entity('transaction', 'unit', ['transaction', 'transactions'], ['transaktion', 'transaktioner']),
  video: entity('video', 'unit', ['video', 'videos'], ['video', 'videor']),
  event: entity('event', 'unit', ['event', 'events'], ['evenemang', 'evenemang']),
  campaign: entity('campaign', 'unit', ['campaign', 'campaigns'], ['kampanj', 'kampanjer']),
  project: entity('project', 'unit', ['project', 'projects'], ['projekt', 'projekt']),
  deal: entity('deal', 'unit', ['deal', 'deals'], ['affär', 'affärer']),
  application: entity('application', 'unit', ['application', 'applications'], ['ansökan', 'ansökningar']),
  item: entity('item', 'unit', ['item', 'items'], ['enhet', 'enheter']),
  impression: entity('impression', 'impression', ['impression', 'impressions'], ['visning', 'visningar']),
} as const satisfies Record<string, Entity>

export type EntityId = keyof typeof ENTITIES

/** A space-separated list of word forms. */
function wordForms(words: string): string[] {
  return words.split(' ')
}

const ENTITY_FORMS: ReadonlyArray<readonly [EntityId, readonly string[]]> = [
  [
    'person',
    [
      'person',
      'persons',
      'people',
      'personer',
      'personerna',
      'pers',
      'individ',
      'individer',
      'team members',
      'members',
      'member',
      'medlem',
      'medlemmar',
      'medlemmarna',
      'medlemmen',
    ],
  ],
  [
    'employee',
    [
      'employee',
      'employees',
      'staff',
      'worker',
      'workers',
      'fte',
      'ftes',
      'anställd',
      'anställda',
      'medarbetare',
      'medarbetarna',
      'tjänstemän',
    ],
  ],
  ['consultant', ['consultant', 'consultants', 'konsult', 'konsulter', 'konsulterna']],
  [
    'developer',
    [
      'developer',
      'developers',
      'engineer',
      'engineers',
      'programmer',
      'programmers',
      'utvecklare',
      'systemutvecklare',
      'ingenjör',
      'ingenjörer',
    ],
  ],
  ['agent', wordForms('agent agents caseworker caseworkers officer officers representative representatives handläggare handläggarna')],
  ['lawyer', wordForms('lawyer lawyers attorney attorneys solicitor solicitors paralegal paralegals advokat advokater jurist jurister')],
  [
    'clerk',
    wordForms(
      'clerk clerks bookkeeper bookkeepers administrator administrators kontorist kontorister administratör administratörer bokförare',
    ),
  ],
  ['physician', wordForms('physician physicians doctor doctors clinician clinicians dentist dentists läkare läkarna doktor doktorer')],
  ['nurse', wordForms('nurse nurses sjuksköterska sjuksköterskor undersköterska undersköterskor')],
  ['supervisor', wordForms('supervisor supervisors foreman foremen arbetsledare arbetsledarna förman förmän')],
  ['salesperson', wordForms('salesperson salespeople salesman salesmen seller sellers rep reps säljare säljarna försäljare')],
  [
    'physiotherapist',
    wordForms(
      'physiotherapist physiotherapists physio physios therapist therapists fysioterapeut fysioterapeuter sjukgymnast sjukgymnaster terapeut terapeuter',
    ),
  ],
  [
    'craftsman',
    wordForms(
      'craftsman craftsmen tradesman tradesmen tradesperson tradespeople electrician electricians plumber plumbers carpenter carpenters installer installers hantverkare hantverkarna elektriker rörmokare snickare montör montörer installatör installatörer',
    ),
  ],
  ['driver', wordForms('driver drivers chauffeur chauffeurs förare förarna chaufför chaufförer')],
  ['receptionist', wordForms('receptionist receptionists receptionister receptionisten receptionisterna')],
  ['technician', wordForms('technician technicians tekniker teknikerna')],
  // Job titles a seller writes the customer's team as ("your team of 6 analysts", "era 4 controllers").
  ['analyst', wordForms('analyst analysts analytiker analytikern analytikerna')],
  [
    'accountant',
    wordForms(
      'accountant accountants controller controllers auditor auditors economist economists ekonom ekonomer ekonomerna controllern revisor revisorer',
    ),
  ],
  ['manager', wordForms('manager managers chef chefer cheferna ledare ledarna')],
  ['specialist', wordForms('specialist specialists expert experts advisor advisors adviser advisers specialister experter rådgivare')],
  [
    'coordinator',
    wordForms(
      'coordinator coordinators planner planners scheduler schedulers dispatcher dispatchers samordnare koordinator koordinatorer planerare',
    ),
  ],
  ['assistant', wordForms('assistant assistants secretary secretaries assistent assistenter sekreterare')],
  ['operator', wordForms('operator operators operatör operatörer')],
  ['recruiter', wordForms('recruiter recruiters rekryterare')],
  ['teacher', wordForms('teacher teachers lärare lärarna pedagog pedagoger')],
  ['user', ['user', 'users', 'användare', 'användarna']],
  ['license', ['license', 'licenses', 'licence', 'licences', 'licens', 'licenser', 'licensen']],
  ['seat', ['seat', 'seats', 'licensplats', 'licensplatser']],
  ['attendee', ['attendee', 'attendees', 'delegate', 'delegates', 'participant', 'participants', 'deltagare', 'deltagarna']],
  ['visitor', ['visitor', 'visitors', 'besökare', 'besökarna']],
  ['customer', ['customer', 'customers', 'client', 'clients', 'kund', 'kunder', 'kunderna', 'klient', 'klienter']],
  ['patient', ['patient', 'patients', 'patienter', 'patienterna', 'vårdbesök']],
  ['lead', ['lead', 'leads', 'prospect', 'prospects']],
  ['subscriber', ['subscriber', 'subscribers', 'prenumerant', 'prenumeranter']],
  ['household', wordForms('household households home homes hushåll hushållen')],
  ['document', ['document', 'documents', 'dokument', 'dokumenten', 'file', 'files', 'fil', 'filer', 'pdf', 'pdfs']],
  ['page', ['page', 'pages', 'sida', 'sidor']],
  ['report', ['report', 'reports', 'statement', 'statements', 'rapport', 'rapporter']],
  ['invoice', ['invoice', 'invoices', 'faktura', 'fakturor', 'fakturan', 'fakturorna', 'leverantörsfakturor', 'kundfakturor']],
  ['order', ['order', 'orders', 'ordrar', 'ordern', 'beställning', 'beställningar']],
  [
    'ticket',
    [
      'ticket',
      'tickets',
      'ärende',
      'ärenden',
      'ärendet',
      'ärendena',
      'case',
      'cases',
      'inquiry',
      'inquiries',
      'förfrågan',
      'förfrågningar',
    ],
  ],
  ['call', ['call', 'calls', 'samtal', 'samtalet', 'samtalen', 'telefonsamtal']],
  ['meeting', ['meeting', 'meetings', 'möte', 'möten']],
  [
    'booking',
    [
      'booking',
      'bookings',
      'appointment',
      'appointments',
      'reservation',
      'reservations',
      'bokning',
      'bokningar',
      'bokningen',
      'tidsbokning',
      'tidsbokningar',
    ],
  ],
  [
    'shipment',
    [
      'shipment',
      'shipments',
      'parcel',
      'parcels',
      'delivery',
      'deliveries',
      'leverans',
      'leveranser',
      'försändelse',
      'försändelser',
      'sändning',
      'sändningar',
    ],
  ],
  ['visit', wordForms('visit visits besök besöket besöken')],
  ['reminder', wordForms('reminder reminders påminnelse påminnelser påminnelserna')],
  ['bid', wordForms('bid bids tender tenders anbud anbudet anbuden')],
  ['room', wordForms('room rooms rum rummen hotellrum')],
  ['bed', wordForms('bed beds vårdplats vårdplatser bädd bäddar')],
  ['apartment', wordForms('apartment apartments lägenhet lägenheter lägenheterna')],
  ['message', ['message', 'messages', 'email', 'emails', 'e-mail', 'e-mails', 'sms', 'meddelande', 'meddelanden', 'mejl', 'e-post']],
  ['claim', ['claim', 'claims', 'skadeanmälan', 'skadeanmälningar', 'skadeärende', 'skadeärenden']],
  ['vehicle', ['vehicle', 'vehicles', 'truck', 'trucks', 'van', 'vans', 'fordon', 'fordonen', 'bil', 'bilar', 'lastbil', 'lastbilar']],
  ['vessel', wordForms('vessel vessels ship ships boat boats ferry ferries fartyg fartygen båt båtar färja färjor färjorna')],
  ['mile', ['mile', 'miles']],
  ['kilometre', ['km', 'kilometre', 'kilometres', 'kilometer', 'kilometers']],
  ['kwh', ['kwh']],
  ['transaction', ['transaction', 'transactions', 'transaktion', 'transaktioner']],
  ['video', ['video', 'videos', 'videor', 'reel', 'reels', 'film', 'filmer']],
  ['event', ['event', 'events', 'evenemang']],
  ['campaign', ['campaign', 'campaigns', 'kampanj', 'kampanjer']],
  ['project', ['project', 'projects', 'projekt']],
  ['deal', ['deal', 'deals', 'affär', 'affärer']],
  ['application', ['application', 'applications', 'ansökan', 'ansökningar']],
  [
    'item',
    wordForms(
      'item items piece pieces pcs unit units product products produkt produkter artikel artiklar styck stycken enhet enheter enheten enheterna',
    ),
  ],
  [
    'impression',
    wordForms(
      'impression impressions view views pageview pageviews visning visningar annonsvisning annonsvisningar sidvisning sidvisningar',
    ),
  ],
]

export const ENTITY_WORDS: ReadonlyMap<string, EntityId> = new Map(
  ENTITY_FORMS.flatMap(([id, forms]) => forms.filter((form) => !form.includes(' ')).map((form) => [form, id] as const)),
)

/** Words that name a unit only in Swedish: in English "mil" is a thousandth of an inch or a million. */
const SWEDISH_ENTITY_WORDS: ReadonlyMap<string, EntityId> = new Map<string, EntityId>([
  ['mil', 'scandinavianMile'],
  ['milen', 'scandinavianMile'],
])

/** Abbreviations that name a unit only after "per" or "/" ("kr/st", "SEK per st"): alone, "St" is a street. */
export const PER_ONLY_ENTITY_WORDS: ReadonlyMap<string, EntityId> = new Map<string, EntityId>([
  ['st', 'item'],
  ['pc', 'item'],
  ['ea', 'item'],
])

/** Heads too short or too ambiguous to end a Swedish compound: "arbetsplatser" are no seats, "mättekniker" no technicians. */
const NOT_COMPOUND_HEADS: ReadonlySet<string> = new Set(
  wordForms('plats platser pers lead leads view views visning visningar tekniker styck stycken unit units home homes reps seat seats film'),
)
/** Words that end like a known noun but are not that thing: "sekunder" are no customers, "utförare" no drivers. */
const NOT_COMPOUNDS: readonly string[] = wordForms('sekund sekunder sekunden sekunderna utförare utförarna genomförare')
/** A compound's last part has at least this many letters, and what comes before it at least MIN_MODIFIER. */
const MIN_HEAD = 4
const MIN_MODIFIER = 3

/**
 * The thing a noun counts: the word itself ("kunder"), the last part of a hyphenated word
 * ("SMS-påminnelser"), or in Swedish the last part of a compound ("företagskunder" → customer,
 * "säljmöten" → meeting, "bygglovsärenden" → ticket). `lower` is the word in lower case.
 */
export function entityOfWord(lower: string, swedish: boolean): EntityId | undefined {
  const exact = ENTITY_WORDS.get(lower) ?? (swedish ? SWEDISH_ENTITY_WORDS.get(lower) : undefined)
  if (exact !== undefined) return exact
  const hyphen = lower.lastIndexOf('-')
  if (hyphen !== -1) return hyphen + 1 < lower.length ? entityOfWord(lower.slice(hyphen + 1), swedish) : undefined
  if (!swedish || lower.length < MIN_HEAD + MIN_MODIFIER || NOT_COMPOUNDS.some((word) => lower.endsWith(word))) return undefined
  // Longest known last part first: "webbplatsbesökare" is a visitor before it is anything shorter.
  for (let cut = MIN_MODIFIER; cut <= lower.length - MIN_HEAD; cut += 1) {
    const head = lower.slice(cut)
    const entity = ENTITY_WORDS.get(head)
    if (entity !== undefined && !NOT_COMPOUND_HEADS.has(head)) return entity
  }
  return undefined
}
