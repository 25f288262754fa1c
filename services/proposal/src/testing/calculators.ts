// Calculator definitions for the proposal tests, written out by hand so every figure is known:
// English weekly savings, Swedish weekly savings, and an English value calculator.
import type { CalculatorDataInput } from '@valueproof/formula'

/** 12 agents × 6 hours × $45 = $3,240 a week: $14,040 a month, $168,480 a year, $505,440 in three years. */
export const supportTriageCalculator = {
  name: 'Support triage automation',
  description: 'What automated ticket triage saves your support team.',
  formula: 'agents * hoursSavedPerWeek * hourlyCost',
  explanation: 'Hours saved each week per agent, times the number of agents, times what an agent hour costs.',
  parameters: [
    { name: 'agents', label: 'Support agents', unit: 'agents', type: 'slider', min: 1, max: 50, step: 1, defaultValue: 12 },
    {
      name: 'hoursSavedPerWeek',
      label: 'Hours saved per agent per week',
      unit: 'hours',
      type: 'slider',
      min: 0,
      max: 20,
      step: 0.5,
      defaultValue: 6,
    },
    { name: 'hourlyCost', label: 'Cost of an agent hour', unit: 'USD', type: 'slider', min: 10, max: 150, step: 5, defaultValue: 45 },
  ],
  baseCurrency: 'USD',
  baseTimeframe: 'weekly',
  valueType: 'moneySaved',
  calculatorType: 'standard',
} satisfies CalculatorDataInput

export const supportTriageInput =
  'Your support team of 12 agents spends about 6 hours per agent every week sorting incoming tickets by hand. Our triage service reads each ticket, tags it and routes it to the right queue within seconds.'

/** 5 × 8 h × 450 kr = 18 000 kr a week: 78 000 kr a month, 936 000 kr a year, 2 808 000 kr in three years. */
export const invoiceAutomationCalculator = {
  name: 'Automatiserad fakturahantering',
  description: 'Vad automatiserad fakturahantering sparar åt ekonomiavdelningen.',
  formula: 'medarbetare * timmarPerVecka * timkostnad',
  explanation: 'Sparade timmar per vecka och medarbetare gånger antal medarbetare gånger timkostnaden.',
  parameters: [
    { name: 'medarbetare', label: 'Antal medarbetare', unit: 'personer', type: 'slider', min: 1, max: 30, step: 1, defaultValue: 5 },
    {
      name: 'timmarPerVecka',
      label: 'Sparade timmar per vecka och medarbetare',
      unit: 'timmar',
      type: 'slider',
      min: 0,
      max: 40,
      step: 1,
      defaultValue: 8,
    },
    { name: 'timkostnad', label: 'Timkostnad', unit: 'kr', type: 'slider', min: 200, max: 1500, step: 50, defaultValue: 450 },
  ],
  baseCurrency: 'SEK',
  baseTimeframe: 'weekly',
  valueType: 'moneySaved',
  calculatorType: 'standard',
} satisfies CalculatorDataInput

export const invoiceAutomationInput =
  'Ekonomiavdelningen lägger i dag åtta timmar per person och vecka på att registrera leverantörsfakturor för hand. Vår tjänst läser fakturorna automatiskt och skickar dem för attest samma dag.'

/** A value calculator: 40 extra leads × 10% × $2,500 = $10,000 extra revenue a month, highlighted. */
export const leadValueCalculator = {
  name: 'Lead conversion value',
  description: 'What better lead follow-up is worth.',
  formula: '',
  explanation: 'Extra leads a month times the share that closes times the average deal.',
  parameters: [
    { name: 'extraLeads', label: 'Extra leads per month', unit: 'leads', type: 'slider', min: 0, max: 200, step: 5, defaultValue: 40 },
    { name: 'closeRate', label: 'Close rate', unit: '%', type: 'slider', min: 1, max: 50, step: 1, defaultValue: 10 },
    { name: 'dealSize', label: 'Average deal', unit: 'USD', type: 'slider', min: 500, max: 10_000, step: 500, defaultValue: 2_500 },
  ],
  baseCurrency: 'USD',
  baseTimeframe: 'monthly',
  valueType: 'moneyGained',
  calculatorType: 'value',
  valueFields: [
    {
      name: 'monthlyRevenue',
      label: 'Extra revenue per month',
      calculated: true,
      formula: 'extraLeads * closeRate / 100 * dealSize',
      prefix: 'USD',
      highlight: true,
    },
    {
      name: 'yearlyRevenue',
      label: 'Extra revenue per year',
      calculated: true,
      formula: 'monthlyRevenue * 12',
      prefix: 'USD',
      highlight: true,
    },
  ],
} satisfies CalculatorDataInput
