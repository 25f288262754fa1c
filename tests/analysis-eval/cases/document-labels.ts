// The 26 sample documents' outside labels as data (see document-label-types.ts): the eleven English
// files of ../shared/samples/documents here, its five Swedish ones in document-labels-sv.ts, the ten
// of documents-2 in document-labels-2.ts. Comments quote
// the outside file (../shared/eval/document-labels-outside.md). Left out, and said so where they
// are: calendar dates, identifiers, opening hours and the seller's own context (its customers, a
// 24/7 service), which decision 126 reads as context and no calculator input carries.
import { driver, priceSide, type DocumentLabel } from './document-label-types.ts'
import { SECOND_SET } from './document-labels-2.ts'
import { SWEDISH_FIRST_SET } from './document-labels-sv.ts'

const ENGLISH_FIRST_SET: readonly DocumentLabel[] = [
  {
    file: 'reynolds-transition-services-agreement.pdf', // en, 52 pp
    folder: 'documents',
    language: 'en',
    statesPrice: true,
    claimsValue: false,
    figures: [
      // Hourly rates for discretionary and project work.
      priceSide('Project Manager at $150 / hour', 150),
      priceSide('Senior Engineer at $200 / hour', 200),
      priceSide('Junior Engineer at $150 / hour', 150),
      priceSide('IT Consulting Services at $200 / hour', 200),
      // Monthly IT service fees (column "Monthly Fee (USD) – Commencement Date – 2020"; the 2021 column is "TBD").
      priceSide('Base Infrastructure … $220,775', 220_775),
      priceSide('LAN & WAN Management … $97,353', 97_353),
      priceSide('SAP Basis … $61,082', 61_082),
      priceSide('Governance … $41,820', 41_820),
      // Payroll services.
      priceSide('$11,000 per month', 11_000),
      priceSide('$29,150 per month for ADP', 29_150),
      priceSide('$3,700 per month for Kronos software', 3_700),
      // Finance/HR per-person hourly rates (technical accounting, lease admin; payroll consulting; treasury handover).
      priceSide('$125 per person / per hour', 125),
      priceSide('$100 per person / per hour', 100),
      priceSide('$95 per person / per hour', 95),
      // Fixed monthly admin fees: HR admin assistant ("(50%)" allocation), lease administration, benefits reporting.
      priceSide('$3,300 per month', 3_300),
      driver('(50%)', 50),
      priceSide('$1,235 per month', 1_235),
      priceSide('$3,365 per month', 3_365),
      // Term: IT services; "12 months" / "18 months" for the finance services.
      driver('24 months from the Commencement Date', 24),
      driver('12 months', 12),
      driver('18 months', 18),
      // Late-payment interest: "Applicable Rate" = prime rate "plus two percent (2%)".
      driver('plus two percent (2%)', 2),
      // Pass-through: "pass-through of actual third-party costs" (no figure).
    ],
  },
  {
    file: 'kubient-ap-revenue-share-exhibit.pdf', // en, 2 pp
    folder: 'documents',
    language: 'en',
    // Kubient's share of the revenue is what the offer costs: a price as a share.
    statesPrice: true,
    claimsValue: false,
    figures: [
      // Monthly revenue threshold, Programmatic/Display: split below threshold Customer "90%", Kubient "10%**"; above "50%" / "50%".
      driver('$ 300,000.00', 300_000),
      driver('Customer "90%"', 90),
      priceSide('Kubient "10%**"', 10),
      // Above every threshold the split is 50 % each way: listed once, and not as the price side, since
      // the customer's half is the same number.
      driver('Above threshold: "50%" / "50%"', 50),
      // Video threshold: "100%" / "0%" below, "50%" / "50%" above. Native: the same. (Kubient's 0 % carries nothing.)
      driver('$ 30,000.00', 30_000),
      driver('Video: "100%" below threshold', 100),
      driver('$ 100,000.00', 100_000),
      driver('Native: "100%" below threshold', 100),
      // Data/Newsletter, Podcasts, Other: threshold "$-" (no figure).
      // Timing: reconciliation, payment; the guaranteed draw expires "September 1, 2020" (a date).
      driver('no later than 10 days', 10),
      driver('net 30 days', 30),
      // Lock-in: non-circumvent and non-solicit after termination.
      driver('for a period of one (1) year', 1),
      // Stated purpose, qualitative: "help increase revenue from its consumer offerings".
    ],
  },
  {
    file: 'freecook-website-design-hosting-agreement.pdf', // en, 3 pp
    folder: 'documents',
    language: 'en',
    statesPrice: true,
    claimsValue: false,
    figures: [
      // Fixed project price, and its payment split.
      priceSide('$5,000 (the “Contract Price”)', 5_000),
      priceSide('prepayment of $1,900', 1_900),
      priceSide('the remaining $3,100 on completion', 3_100),
      // Duration.
      driver('12 weeks from February 8, 2018 to May 3, 2018', 12),
      // Rush/out-of-hours work.
      priceSide('standard hourly rate of $40', 40),
      driver('plus twenty-five percent (25%)', 25),
      // Revision allowance: extra work when more than two rounds are needed.
      driver('more than two rounds of textual or graphical revisions', 2),
      // Service hours: "9 a.m. to 5 p.m. UTC +2, Monday through Friday" (opening hours: left out).
      // Scope size: 10 numbered scope items in 3 stages (design, adaptive/multilingual, SEO).
      driver('10 numbered scope items', 10),
      driver('in 3 stages', 3),
    ],
  },
  {
    file: 'pyconau-2019-sponsorship-prospectus.pdf', // en, 16 pp
    folder: 'documents',
    language: 'en',
    statesPrice: true,
    claimsValue: false,
    figures: [
      // Tier prices (all "in AUD"): Platinum ("no longer available"), Gold, Standard ("no limit").
      priceSide('Platinum "$10,000"', 10_000),
      priceSide('Gold "$7,500"', 7_500),
      driver('maximum six gold sponsors', 6),
      priceSide('Standard "$2,500"', 2_500),
      // Add-ons: Video Sponsor, Lanyard ("no longer available"), Specialist Track, Development Sprints.
      priceSide('Video Sponsor "+$4,000"', 4_000),
      priceSide('Lanyard "+$3,000"', 3_000),
      priceSide('Specialist Track "+$2,000"', 2_000),
      priceSide('Development Sprints "+$3,000"', 3_000),
      // Audience.
      driver('2018 saw over 700 attendees', 700),
      // Included tickets: Platinum "Three complimentary Professional-level tickets" + "Early-bird discount on a
      // further five"; Gold "Two" + "two"; Standard "One" + "one".
      driver('Three complimentary Professional-level tickets', 3),
      driver('Early-bird discount on a further five', 5),
      driver('Gold "Two" tickets', 2),
      driver('Gold early-bird "two"', 2),
      driver('Standard "One" ticket', 1),
      driver('Standard early-bird "one"', 1),
      // Exposure units: address; website blurb "300" / "200" / "100 word"; hallway banners "Three" / "Two" / "One".
      driver('3 minute full-attendee address', 3),
      driver('website blurb "300" word', 300),
      driver('website blurb "200" word', 200),
      driver('website blurb "100 word"', 100),
      driver('hallway banners "Three"', 3),
      driver('hallway banners "Two"', 2),
      driver('hallway banners "One"', 1),
      // Trap: the text layer repeats "$10,000" on the Gold and Standard pages, but that text is not
      // visible. The correct prices are $7,500 and $2,500.
    ],
  },
  {
    file: 'weatherzone-advertising-media-kit.pdf', // en, 10 pp
    folder: 'documents',
    language: 'en',
    statesPrice: true,
    claimsValue: false,
    figures: [
      // High-impact formats (full page takeover, eclipse).
      priceSide('$50CPM Market Rate', 50),
      // Standard display "728x90 | 300x250 | 970x250": "$18 | $25 | $50 Market CPMs".
      priceSide('728x90 "$18" Market CPM', 18),
      priceSide('300x250 "$25" Market CPM', 25),
      priceSide('970x250 "$50" Market CPM', 50),
      // Mobile display: "$18 | $25 Market CPMs".
      priceSide('Mobile display "$18" Market CPM', 18),
      priceSide('Mobile display "$25" Market CPM', 25),
      // Audience scale: the hourly-users chart axis runs to "800k" between "4:00" and "10:00" (only in the chart).
      driver('800k', 800_000),
      // Attention claims.
      driver('5,000 advertisements each day', 5_000),
      driver('Customers are 3x less willing to associate with brands', 3),
      driver('5x more reader attention', 5),
      // Delivery terms.
      driver('100% S.O.V', 100),
      driver('Capped at 1 view/session', 1),
      // Qualitative drivers: brand safety, weather-triggered targeting (temperature, UV, pollen,
      // bushfire), reaching people early in the morning.
    ],
  },
  {
    file: 'gsa-coe-discovery-bpa-rfq.pdf', // en, 26 pp
    folder: 'documents',
    language: 'en',
    statesPrice: false,
    claimsValue: false,
    figures: [
      // Estimated contract value: the buyer's ceiling, never value.
      priceSide('the total three year value of BPA obligations to be $100 million', 100_000_000),
      // Ordering period; phase duration.
      driver('from date of award to three (3) calendar years', 3),
      driver('typically lasts six (6) months', 6),
      // Scope breadth: 7 core functional areas (Change Management, Cloud Adoption, Contact Center,
      // Customer Experience, Data Analytics, Information Security, IT Infrastructure Optimization).
      driver('7 core functional areas', 7),
      // Pricing basis: labor-category rates with "price reductions for every rate proposed for all three
      // years" off the GSA Schedule, plus "the percentage discount" (no figure).
      // Cost-control trigger.
      driver('notify "sixty (60) days before incurring', 60),
      driver('seventy-five percent (75%), of contract costs', 75),
    ],
  },
  {
    file: 'za-government-tender-bulletin-3102-encrypted.pdf', // en, 84 pp
    folder: 'documents',
    language: 'en',
    statesPrice: false,
    claimsValue: false,
    figures: [
      // Awarded values: biometric ID system, cleaning service, office block, architectural services.
      priceSide('R29 658 122.80', 29_658_122.8),
      driver('FOR A PERIOD OF 36 MONTHS', 36),
      priceSide('R 30 252 000.00', 30_252_000),
      driver('FOR A THREE YEAR PERIOD', 3),
      priceSide('R 421 475 753.76', 421_475_753.76),
      priceSide('R391 460.00', 391_460),
      // Evaluation weights: "80/20 preference point system" ("Price =80 … points and B-BBEE Status
      // Level of contribution = 20 points").
      driver('Price =80 … points', 80),
      driver('B-BBEE Status Level of contribution = 20 points', 20),
      // Bid-document costs, and the sliding scale by bid value ("R100 000 to R300 000", "R300 000 to
      // R2 000 000", "above R2 000 000": the brackets, not fees).
      priceSide('R100.00 (One Hundred Rands) per document', 100),
      priceSide('R50,00 … R100 000 to R300 000', 50),
      priceSide('R200,00 … above R2 000 000', 200),
      // ("R100,00 … R300 000 to R2 000 000" is the same R100 as the per-document cost above.)
      // Publication cost.
      priceSide('charged at R1008.80 per', 1_008.8),
      // Contract durations that recur: "36 months", "3YRS" (the same figures as above).
    ],
  },
  {
    file: 'metro-access-gate-proposal-scanned.pdf', // en, 13 pp, image-only: needs OCR
    folder: 'documents',
    language: 'en',
    statesPrice: true,
    claimsValue: false,
    figures: [
      // Scope quantities.
      driver('(1) 24’ x 8’ Vertical Pivot Gate', 1),
      driver('(1) 30’ x 8’ Double Vertical Pivot Gate', 1),
      driver('2) Loop detectors', 2),
      driver('2) Group 24 — 12V 100 Amp batteries', 2),
      // Option prices: low-voltage electrical, fire access, clean-up, pedestal deduct, reflective tape.
      priceSide('Single Gate $ 920.00', 920),
      priceSide('Double Gate $ 1,385.00', 1_385),
      priceSide('fire access "$ 942.00"', 942),
      priceSide('clean-up "$ 1,768.00"', 1_768),
      priceSide('pedestal deduct "<$ 1,071.00>"', 1_071),
      priceSide('Cost Per Gate $ 390.00', 390),
      // Supplier quote (AutoGate no. 122317).
      priceSide('gate "5,576.00"', 5_576),
      priceSide('operator "10,288.00"', 10_288),
      driver('Detector Loop EDI 4.00EA', 4),
      priceSide('Detector Loop EDI 4.00EA 124.88', 124.88),
      priceSide('Detector Loop EDI 4.00EA 124.88 499.50', 499.5),
      priceSide('Freight 8,450.00', 8_450),
      priceSide('Quote Total 60,583.96', 60_583.96),
      // Terms; the supplier quote "Expires: 8/25/2026" (a date).
      driver('valid for 30 days', 30),
      driver('1 ½% finance charge per month', 1.5),
      // Trap: several pages are near-identical and one page is handwritten (a "MAT HATCH 1000" note).
      // A good extractor should not double-count.
    ],
  },
  {
    file: 'flow-media-rate-card-blank.pdf', // en, 2 pp
    folder: 'documents',
    language: 'en',
    // No filled numbers: every QTY, PRICE (₹) and AMOUNT (₹) cell, and SUBTOTAL / DISCOUNT / TOTAL, is
    // blank. The extractor should return "no prices found" and not invent any.
    statesPrice: false,
    claimsValue: false,
    figures: [
      // Pricing units that can become calculator inputs: "per day", "per session", "per video", "per
      // reel", "per design", "per month", "one-time", "per campaign", "per event" (units, no figures).
      driver('Quote valid for 14 days', 14),
      // Qualitative drivers: one partner replacing several agencies ("Four products. One partner."),
      // "No hidden fees, no surprise add-ons", AI voice receptionist and automated customer support.
    ],
  },
  {
    file: 'aws-textract-freelance-sow.docx', // en, 2 pp
    folder: 'documents',
    language: 'en',
    statesPrice: false,
    claimsValue: false,
    figures: [
      // Document size; initial volume; ongoing volume; support period.
      driver('30 page pdf files', 30),
      driver('Each statement typically runs from 20-35 pages', [20, 35]),
      driver('about 50 reports', 50),
      driver('Thereafter, about two per month', 2),
      driver('during the first 30 days of use', 30),
      // Qualitative drivers: replaces manual transcription with automated OCR-to-CSV; runs automatically
      // on S3 upload; "clean up resources … to eliminate unnecessary charges"; training included.
    ],
  },
  {
    file: 'policyengine-nsf-cssi-grant-proposal.docx', // en, ~10 pp
    folder: 'documents',
    language: 'en',
    // The requested amount is what the project costs its funder.
    statesPrice: true,
    claimsValue: true,
    figures: [
      // Requested amount: "$599,968 over 3 years"; per year "$199,989" / "$199,989" / "$199,990"
      // (the first two years' equal amount listed once).
      priceSide('$599,968 over 3 years', 599_968),
      priceSide('$199,989', 199_989),
      priceSide('$199,990', 199_990),
      // Budget lines (3-year totals).
      priceSide('Senior Personnel "$101,250"', 101_250),
      priceSide('Other Personnel "$286,000"', 286_000),
      priceSide('Fringe Benefits "$116,175"', 116_175),
      priceSide('Travel "$18,000"', 18_000),
      priceSide('Other Direct "$24,000"', 24_000),
      priceSide('Indirect "$54,543"', 54_543),
      // Performance targets.
      driver('Full population (150M)', 150_000_000),
      driver('Full population (150M) | 8 hours', 8),
      driver('Full population (150M) | 8 hours | 90 min', 90),
      driver('100K households', 100_000),
      driver('100K households | 3 min', 3),
      driver('100K households | 3 min | 45 sec', 45),
      driver('Single household | 50ms', 50),
      driver('Single household | 50ms | 20ms', 20),
      driver('4x speedup', 4),
      // Impact: "$1B+ in unclaimed benefits" (MyFriendBen "$800M+", Amplifi "$185M").
      driver('100,000+ individuals annually', 100_000),
      driver('$1B+ in unclaimed benefits', 1_000_000_000),
      driver('MyFriendBen "$800M+"', 800_000_000),
      driver('Amplifi "$185M"', 185_000_000),
      // Quality targets.
      driver('>98% federal TAXSIM agreement', 98),
      driver('>95% state agreement', 95),
      driver('>99% PRD parameter coverage', 99),
      // Scale.
      driver('9,034 encoded parameters', 9_034),
      driver('30+ contributors', 30),
      driver('620+ forks', 620),
    ],
  },
  {
    file: 'freelance-proposal-template.docx', // en, 3 pp
    folder: 'documents',
    language: 'en',
    statesPrice: true,
    claimsValue: false,
    figures: [
      // Price: extracted as "Title$10,000", so the label and the amount are glued together.
      priceSide('Title$10,000', 10_000),
      // Timeline.
      driver('8-10 weeks', [8, 10]),
      // Nothing else quantitative. The rest is placeholder text (scope bullets, intro). The extractor
      // should report low confidence and not invent hours or rates.
    ],
  },
]

export const DOCUMENT_LABELS: readonly DocumentLabel[] = [...ENGLISH_FIRST_SET, ...SWEDISH_FIRST_SET, ...SECOND_SET]
