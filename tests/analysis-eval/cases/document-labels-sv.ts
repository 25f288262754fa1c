// The outside labels of the five Swedish files of ../shared/samples/documents as data (see
// document-labels.ts for the English ones and what is left out). Comments quote the outside file.
import { driver, priceSide, type DocumentLabel } from './document-label-types.ts'

export const SWEDISH_FIRST_SET: readonly DocumentLabel[] = [
  {
    file: 'sv-region-dalarna-avrop-rpa-team.pdf', // sv, 9 pp
    folder: 'documents',
    language: 'sv',
    statesPrice: false,
    claimsValue: false,
    figures: [
      // Team size: 3 roles, "Projektledare – Nivå 3", "Teknisk projektledare – Nivå 4", "Systemutvecklare – Nivå 3".
      driver('Team size: 3 roles', 3),
      // Workload.
      driver('40 timmar/vecka per person i teamet', 40),
      // Period: "2024-11-25─2025-02-14" (dates), with an option to extend.
      driver('option … förlängning med upp till 12 månader', 12),
      // Total evaluation cost: the buyer's evaluation volume, never value.
      priceSide('Totalkostnad för utvärderingen: 8 386 560 kr', 8_386_560),
      // Weights and values.
      driver('Kompetens/erfarenhet 40 %', 40),
      priceSide('Kompetens/erfarenhet 40 % 3 354 624 kr', 3_354_624),
      driver('Konsulttjänstens kvalitét 60 %', 60),
      priceSide('Konsulttjänstens kvalitét 60 % 5 031 936 kr', 5_031_936),
      // Price unit: "Pris anges i SEK/h" (exkl. mervärdeskatt) (no figure).
      // Context and qualitative: one of "de nio regionerna i Sussa" (context); migrating patient records
      // from Take Care to Cosmic with robotics (RPA), as opposed to manual migration.
    ],
  },
  {
    file: 'sv-adda-avtalskort-it-konsulttjanster.pdf', // sv, 2 pp
    folder: 'documents',
    language: 'sv',
    statesPrice: false,
    claimsValue: false,
    figures: [
      // Agreement period: "2022-09-26 till 2026-09-25" (dates).
      // Procurement threshold: "Rangordning (<320 timmar)" versus "Förnyad konkurrensutsättning (>320 timmar)".
      driver('Rangordning (<320 timmar)', 320),
      // Supplier base.
      driver('Åtta geografiska områden', 8),
      driver('Åtta leverantörer i varje geografisk område', 8),
      driver('>600 underleverantörer', 600),
      // Pricing model: "Timpriser i ramavtalet för exempelroller nivå 1-4"; "Nivå 5 prissätts vid FKU" (levels, no prices).
      // Scope: 7 numbered kompetensområden.
      driver('7 numbered kompetensområden', 7),
      // Qualitative drivers: "spara mycket tid och kostnader i anskaffningsprocessen"; "förutsägbara
      // projektkostnader och minskar risken för överskriden budget".
    ],
  },
  {
    file: 'sv-vaxholm-avrop-resurskonsult.docx', // sv, 7 pp
    folder: 'documents',
    language: 'sv',
    // The price fields are unfilled content controls.
    statesPrice: false,
    claimsValue: false,
    figures: [
      // Hour cap; base scope; option.
      driver('maximalt 600 timmar (inkls. Option)', 600),
      driver('maximalt 400 timmar i huvudsak på 4-6månader', 400),
      driver('i huvudsak på 4-6månader', [4, 6]),
      driver('upp till maximalt 200 timmar', 200),
      driver('i ytterligare 6 månader', 6),
      // Price-deduction model: "Offererat timpris – Mervärde = Utvärderingspris", with deductions
      // "SEK 100", "SEK 150", "SEK 150", "SEK 100", "SEK 50" per criterion (value in the evaluation, not a price).
      driver('deduction "SEK 100" (criterion 1)', 100),
      driver('deduction "SEK 150" (criterion 2)', 150),
      driver('deduction "SEK 150" (criterion 3)', 150),
      driver('deduction "SEK 100" (criterion 4)', 100),
      driver('deduction "SEK 50" (criterion 5)', 50),
      // Organisation size.
      driver('strax under 12´000 invånare', 12_000),
      driver('70 öar', 70),
      driver('varav 57 är bebodda', 57),
      driver('fyra förvaltningar', 4),
      // Process: "avtalsspärr på 10 dagar"; the hourly price must not exceed the framework "taktimpris".
      driver('avtalsspärr på 10 dagar', 10),
    ],
  },
  {
    file: 'sv-student-offert-smart-sensor.pdf', // sv, 1 p
    folder: 'documents',
    language: 'sv',
    statesPrice: false,
    claimsValue: false,
    figures: [
      // Timeline only: "Vecka 1" (requirements, design, prototype), "Vecka 2" (TCP/HTTP test), "Vecka 3"
      // (documentation/report), so about 3 weeks. No prices, hours or volumes.
      driver('Vecka 3', 3),
      // Qualitative drivers: a working C prototype that sends temperature data "via TCP/HTTP till er
      // molnserver", with local storage/caching and JSON format; deliverables are the prototype and a
      // technical document.
    ],
  },
]
