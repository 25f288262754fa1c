// The outside labels of the ten files of ../shared/samples/documents-2 as data (see
// document-labels.ts for the first sixteen and what is left out). Comments quote the outside file.
import { driver, illustrative, priceSide, type DocumentLabel } from './document-label-types.ts'

export const SECOND_SET: readonly DocumentLabel[] = [
  {
    file: 'autoscale-ai-receptionist-roi-one-pager.pdf', // en, 1 p
    folder: 'documents-2',
    language: 'en',
    statesPrice: true,
    claimsValue: true,
    figures: [
      // Value claim (lost revenue): "10" missed calls/week × "$300" average job value = "$4,000+" lost
      // every month. Also "$4K+" "LOST PER MONTH" and "Missed calls = missed revenue (avg. $300/call)".
      driver('"10" missed calls/week', 10),
      driver('"$300" average job value', 300),
      driver('"$4,000+" lost every month', 4_000),
      // Conversion claim: of callers who hit voicemail.
      driver('"85%" … "never call back"', 85),
      // Pricing: setup ("ONE-TIME SETUP"); plans ("200 CALLS INCLUDED", "UNLIMITED CALLS"); daily
      // equivalent "L E S S T H A N $ 3 4 / DAY" (letter-spaced in the extracted text).
      priceSide('setup "$1,997"', 1_997),
      priceSide('plans "from $997/mo"', 997),
      priceSide('"up to $3,497/mo"', 3_497),
      priceSide('L E S S T H A N $ 3 4 / DAY', 34),
      // Discount and terms.
      driver('17% off annual', 17),
      driver('30-day money-back', 30),
      driver('Live in 48 hours', 48),
      // Testimonial outcomes.
      driver('We were losing 15+ calls a week', 15),
      driver('Alex booked $8,000 in appointments the first month', 8_000),
      driver('books 12 extra jobs per month', 12),
      // Social proof: "150+ businesses". Availability: "24/7/365". (The seller's context: left out.)
    ],
  },
  {
    file: 'sponsorscan-compliance-business-case-one-pager.pdf', // en, 1 p
    folder: 'documents-2',
    language: 'en',
    // No price for the product itself. The calculator would need a cost input.
    statesPrice: false,
    claimsValue: true,
    figures: [
      // Volume: "200+ matches/season" and "200 matches/season".
      driver('200 matches/season', 200),
      // Labour baseline: "Manual review: 4–6 hrs × $80/hr = $320–$480/match", so "$64K–$96K/yr in review labor".
      driver('Manual review: 4–6 hrs', [4, 6]),
      driver('× $80/hr', 80),
      driver('= $320–$480/match', [320, 480]),
      driver('$64K–$96K/yr in review labor', [64_000, 96_000]),
      // Claimed savings: "$64–$96K" "Annual Labor Saved" (the same figures); AI audit per match (was "4–6 hours").
      driver('<5 min', 5),
      // Risk avoided.
      driver('$0.5–$2M', [500_000, 2_000_000]),
      driver('Competitive separation violation: $50K–$500K per clause', [50_000, 500_000]),
      driver('OFCOM/ASA regulatory breach: £10K–£100K+ per violation', [10_000, 100_000]),
      driver('Total annual compliance risk: $2M–$10M/season', [2_000_000, 10_000_000]),
      // Upside.
      driver('+32% residual impression value', 32),
      driver('5 residual windows', 5),
    ],
  },
  {
    file: 'northstyle-free-returns-business-case.pdf', // en, 3 pp
    folder: 'documents-2',
    language: 'en',
    // Caveat: the retailer is "fictional". There is no investment figure, so no payback can be computed.
    statesPrice: false,
    claimsValue: true,
    figures: [
      // Baseline scale.
      driver('1,800 across 4 return behaviour segments', 1_800),
      driver('across 4 return behaviour segments', 4),
      driver('10,592 across 5 product categories', 10_592),
      driver('across 5 product categories', 5),
      driver('26.5% of order value returned', 26.5),
      driver('17% of customer base net negative after return', 17),
      // Segment table, with sizes and avg net profit.
      driver('Loyal Buyer "540 (30%)"', 540),
      driver('Loyal Buyer "(30%)"', 30),
      driver('Loyal Buyer "$376"', 376),
      driver('Occasional Returner "630 (35%)"', 630),
      driver('Occasional Returner "(35%)"', 35),
      driver('Occasional Returner "$185"', 185),
      driver('Serial Returner "360 (20%)"', 360),
      driver('Serial Returner "(20%)"', 20),
      driver('Serial Returner "$137"', 137),
      driver('Bracket Buyer "270 (15%)"', 270),
      driver('Bracket Buyer "(15%)"', 15),
      driver('Bracket Buyer "$79"', 79),
      // Unit economics; bracket example.
      driver('$60 pair of jeans', 60),
      driver('margin "$18"', 18),
      driver('return cost "$12 to $15"', [12, 15]),
      driver('four items at $89 each', 4),
      driver('four items at $89 each', 89),
      driver('They spend $356', 356),
      driver('$267 in return value', 267),
      // Scenario B: a fee the retailer would charge its customers (not the offer's price).
      driver('$12 return processing fee', 12),
      driver('for return rate above "50%"', 50),
      driver('reduces purchase rate "by an estimated 18%"', 18),
      // Scenario C (recommended).
      driver('8% increase in Bracket Buyer purchase rate', 8),
      driver('35% reduction in return processing costs', 35),
    ],
  },
  {
    file: 'cq-technologies-sample-sow-hours-wbs.pdf', // en, 9 pp
    folder: 'documents-2',
    language: 'en',
    statesPrice: true,
    claimsValue: false,
    figures: [
      // Scope size.
      driver('37 webpages in a CMS', 37),
      // Work breakdown (hours): the engagement's billable line items.
      priceSide('2 hours x 37 pages = 74', 74),
      priceSide('4 hours x 37 pages = 148 hours', 148),
      priceSide('7 hours x 37 pages = 259 hours', 259),
      priceSide('1 hours x 37 pages = 37', 37),
      priceSide('4 x 37 = 148', 148),
      // Single items 8, 5, 5, 16, 12, 8 hours.
      priceSide('single item: 8 hours', 8),
      priceSide('single item: 5 hours', 5),
      priceSide('single item: 5 hours (second)', 5),
      priceSide('single item: 16 hours', 16),
      priceSide('single item: 12 hours', 12),
      priceSide('single item: 8 hours (second)', 8),
      // Overheads: QA "usually 20% of the total development hours"; project management "usually 20%".
      driver('usually 20% of the total development hours', 20),
      driver('project management "usually 20%"', 20),
      // Rate: the total is left blank, so the extractor should compute it or flag it rather than invent it.
      priceSide('hours @ $16.44 = $', 16.44),
      // Payment split: on approval, at 50% completion, at alpha release.
      driver('30% ($)', 30),
      driver('50% ($)', 50),
      driver('20% ($)', 20),
      // Support; staffing per developer.
      driver('first 1 month', 1),
      driver('8 hours a day', 8),
    ],
  },
  {
    file: 'the-parson-newspaper-advertising-ratecard.pdf', // en, 1 p
    folder: 'documents-2',
    language: 'en',
    statesPrice: true,
    claimsValue: false,
    figures: [
      // Display prices per issue.
      priceSide('DPS "£2500"', 2_500),
      priceSide('Full Page "£1500"', 1_500),
      priceSide('Half Page "£800"', 800),
      priceSide('Third Page "£600"', 600),
      priceSide('Quarter Page "£400"', 400),
      // Advertorial.
      priceSide('£15/SCC', 15),
      driver('minimum size of 20SCCs', 20),
      // Discount for independent local businesses and individuals; repeat or multi-issue discounts are
      // mentioned but not quantified.
      driver('25% discount', 25),
      // Date and validity: "February 2026"; artwork deadline "before the 15th of the month prior to publication" (dates).
    ],
  },
  {
    file: 'oasys-epiphany-outsourcing-license-fee-schedule.pdf', // en, 12 pp
    folder: 'documents-2',
    language: 'en',
    statesPrice: true,
    claimsValue: false,
    figures: [
      // Development licence, paid as "$ 115,250.00" (net 30 days) + "$ 115,250.00" (net 90 days) (one amount, twice).
      priceSide('development license fee of $230,500', 230_500),
      priceSide('$ 115,250.00', 115_250),
      // 3-year table.
      priceSide('"Development License Fees" "$ 212,500"', 212_500),
      priceSide('Annual Priority Maintenance Fees @ 22% of net', 22),
      priceSide('Annual Priority Maintenance Fees … "$ 46,750" per year', 46_750),
      priceSide('(total "$140,250")', 140_250),
      priceSide('"Net Development User Fees (each)" "$ 3,000"', 3_000),
      driver('"Number of Users" "6"', 6),
      priceSide('= "$ 18,000"', 18_000),
      priceSide('user maintenance "$ 3,960" per year', 3_960),
      // Totals: year 1, years 2 and 3, 3-year total.
      priceSide('TOTAL DEVELOPMENT LICENSE AND USER FEES "$ 281,210"', 281_210),
      priceSide('"$ 50,710" (years 2 and 3)', 50_710),
      priceSide('"$ 382,630" (3-year total)', 382_630),
      // Commitment.
      priceSide('minimum sell through revenue commitment of $750,000.00', 750_000),
      driver('initial three year term', 3),
      priceSide('"Minimum Quarterly Payments" of "$62,500"', 62_500),
    ],
  },
  {
    file: 'healthgate-hosting-management-agreement.pdf', // en, 33 pp
    folder: 'documents-2',
    language: 'en',
    statesPrice: true,
    claimsValue: false,
    figures: [
      // Fixed-price milestone schedule (clause 19.2): "$100,000", then "$150,000" (×3), "$150,000" at
      // system completion, then "$175,000" (×4) in 1999 (each amount listed once).
      priceSide('milestone "$100,000"', 100_000),
      priceSide('milestones "$150,000"', 150_000),
      priceSide('milestones "$175,000" in 1999', 175_000),
      // Annual software licence.
      priceSide('$150,000 per annum, including standard upgrades and maintenance', 150_000),
      // Use fees per download (Schedule 2): Institution, Individual, Member.
      priceSide('Institution "$0.10"', 0.1),
      priceSide('Institution (max "$20.00")', 20),
      priceSide('Individual "$0.05"', 0.05),
      priceSide('Individual (max "$10.00")', 10),
      priceSide('Member "$0.01"', 0.01),
      priceSide('Member (max "$1.00")', 1),
      // Article sales service fee.
      priceSide('may not exceed 30% of the Article Fee', 30),
      priceSide('$US 4, whichever is the higher', 4),
      // Renewal fees.
      priceSide('not exceed $7000 for additional journals', 7_000),
      priceSide('$2000 maintenance fee on existing journals', 2_000),
      priceSide('$2000 per Gigabyte', 2_000),
      // Other percentages: advertising share; late interest; developer cost reference.
      driver('30% of all advertising sales', 30),
      driver('2% above base rate', 2),
      driver('first $250,000', 250_000),
      // Term: commences "1 January 1998", initial term to "28 February 2000", with yearly renewals (dates).
    ],
  },
  {
    file: 'sv-adda-upphandlingsdokument-it-konsulttjanster-2021.pdf', // sv, 55 pp
    folder: 'documents-2',
    language: 'sv',
    statesPrice: false,
    claimsValue: false,
    figures: [
      // Framework term: terminable after "18 månader" with "sex månaders uppsägningstid".
      driver('Ramavtalet gäller under fyra år', 4),
      driver('18 månader', 18),
      driver('sex månaders uppsägningstid', 6),
      // Call-off thresholds (the same 320 hours either side); "kompetensnivå 1-4" (levels).
      driver('kortare uppdrag som inte överstiger 320 timmar', 320),
      // Price basis: "pris för IT-konsulttjänster som kostnad per timme för kompetensnivå 1-4" (no figure).
      // Evaluation model: "Jämförelsesumma = Total anbudssumman i SEK + 90 000 SEK (möjligt mervärde) -
      // Totala prisavdraget"; max deduction "90 000 SEK"; per-criterion levels (and "0 SEK").
      driver('+ 90 000 SEK (möjligt mervärde)', 90_000),
      driver('per-criterion level "45 000 SEK"', 45_000),
      driver('per-criterion level "30 000 SEK"', 30_000),
      driver('per-criterion level "10 000 SEK"', 10_000),
      // Worked example: "10 000 SEK" bid + "90 000 SEK" − "40 000 SEK" mervärde = "60 000 SEK". A careful
      // reader should treat these as illustrative numbers, not as the contract value.
      illustrative('"10 000 SEK" bid', 10_000, 'price'),
      illustrative('− "40 000 SEK" mervärde', 40_000),
      illustrative('= "60 000 SEK"', 60_000, 'price'),
      // Dates: published "2022-03-28"; last bid day "2022-05-02".
    ],
  },
  {
    file: 'sv-avrop-datalager-bi-mervarde.pdf', // sv, 16 pp
    folder: 'documents-2',
    language: 'sv',
    statesPrice: false,
    // Value claim (qualitative only): decision support lets information reach the manager directly
    // instead of via an administrator, "vilket därmed sparar tid"; "effektivisera processer". The old
    // manual statistics route reaches "End of Life (EoL)".
    claimsValue: false,
    figures: [
      // Team size.
      driver('Avropet omfattar fyra konsulter.', 4),
      // Estimated volume: the buyer's spend, never value.
      priceSide('Volymen uppskattas till 2 miljoner SEK/år', 2_000_000),
      // Quality value model (and "0 SEK per kompetens/erfarenhet").
      driver('högst 627 000 SEK', 627_000),
      driver('architect criterion "66 000 SEK"', 66_000),
      driver('6 000 SEK per kompetens/erfarenhet', 6_000),
      driver('2 000 SEK per kompetens/erfarenhet', 2_000),
      // On-site share.
      driver('upp till 75 % av uppdraget', 75),
      // Bid validity; identifier "Dnr. 2023/53 IT-konsulter beslutsstöd" (left out).
      driver('minst tre månader efter sista anbudsdag', 3),
    ],
  },
  {
    file: 'sv-adda-avrop-dynamics-365-timmar.docx', // sv, ~10 pp
    folder: 'documents-2',
    language: 'sv',
    // "Implied rate (not stated): about 1 100 000 kr / 1 100 h. The extractor should not present this as a stated price."
    statesPrice: false,
    claimsValue: false,
    figures: [
      // Hours: Customer Insights during "2025-2026"; Customer Service apps (also "totalt 400 timmar"); option.
      driver('Customer Insights "ca 500 timmar"', 500),
      driver('Customer Service apps "upp till totalt 400 timmar"', 400),
      driver('Ett tillägg på 200 timmar tillkommer om avtalet förlängs', 200),
      // Term: start "senast under oktober 2025" (a date).
      driver('Kontraktet gäller 9 månader', 9),
      driver('med option på förlängning 6 månader', 6),
      // Value: the buyer's estimate of the contract, never value for the calculator.
      priceSide('Vi uppskattar värdet till totalt 1 100 000 kr inklusive optionsvärde', 1_100_000),
      // Dates: "2025-09-10", "2025-09-15", "2025-11-17" (timeline).
    ],
  },
]
