// The JSON schema sent as the structured-output format, written by hand to match
// calculatorDataSchema (@valueproof/formula) for what a generator fills in. It is built per
// request so that the requested currency, calculator type and slider count are fixed in it too.
// Sent with strict: false, so the provider may not enforce it: validateCalculatorData decides.
import { TIMEFRAME_PERIODS, VALUE_TYPES } from '@valueproof/formula'
import { SLIDERS_PER_COMPLEXITY, type AnalysisInput } from '../types.ts'

export const CALCULATOR_SCHEMA_NAME = 'calculator_definition'

const CAMEL_CASE_PATTERN = '^[a-z][a-zA-Z0-9]*$'
const QUOTE_MAX_LENGTH = 600

const text = (description: string) => ({ type: 'string', description })
const number = (description: string) => ({ type: 'number', description })

const sourceSchema = {
  description: "Where the parameter's defaultValue comes from.",
  anyOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'quote', 'page'],
      properties: {
        kind: { type: 'string', enum: ['document'] },
        quote: {
          type: 'string',
          maxLength: QUOTE_MAX_LENGTH,
          description: 'The passage of the document that states the figure, copied word for word.',
        },
        page: { type: 'integer', minimum: 1, description: 'The page the quote is on, from its [page N] marker.' },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'quote'],
      properties: {
        kind: { type: 'string', enum: ['description'] },
        quote: {
          type: 'string',
          maxLength: QUOTE_MAX_LENGTH,
          description: "The passage of the user's description that states the figure, copied word for word.",
        },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'note'],
      properties: {
        kind: { type: 'string', enum: ['assumption'] },
        note: {
          type: 'string',
          maxLength: QUOTE_MAX_LENGTH,
          description: 'Why this value is a reasonable assumption, in the requested language.',
        },
      },
    },
  ],
}

const parameterSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'label', 'description', 'unit', 'type', 'min', 'max', 'step', 'defaultValue', 'source'],
  properties: {
    name: { type: 'string', pattern: CAMEL_CASE_PATTERN, description: 'camelCase identifier used in formulas, e.g. hoursSavedPerWeek.' },
    label: text('Short label shown next to the slider.'),
    description: text('One sentence on what the value means.'),
    unit: text("The unit, e.g. 'hours', 'employees', or the currency code for amounts."),
    type: {
      type: 'string',
      enum: ['slider', 'number'],
      description: "'slider' for the inputs that move the value most; 'number' for every other figure.",
    },
    min: number('Smallest value on the slider.'),
    max: number('Largest value on the slider; at least min.'),
    step: { type: 'number', exclusiveMinimum: 0, description: 'Slider step, greater than 0.' },
    defaultValue: number('The starting value, between min and max: the figure from the text when there is one.'),
    source: sourceSchema,
  },
}

const valueFieldSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'label', 'description', 'calculated', 'formula', 'unit', 'prefix', 'highlight'],
  properties: {
    name: { type: 'string', pattern: CAMEL_CASE_PATTERN, description: 'camelCase identifier, different from every parameter name.' },
    label: text('Short label of the metric.'),
    description: text('One sentence on what the metric means.'),
    defaultValue: number('Starting value; only for fields that are not calculated.'),
    calculated: { type: 'boolean', description: 'true: the value comes from formula.' },
    formula: text('Expression over parameter names and other value field names.'),
    unit: text("Unit shown after the value, e.g. 'hours' or '%'; empty for money."),
    prefix: text('Shown before the value, e.g. the currency code for money; may be empty.'),
    highlight: { type: 'boolean', description: 'true for the key metrics shown prominently.' },
  },
}

/** The offer's price (issue 35): ROI, payback and net value use it; the formula never contains it. */
const priceSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['amount', 'period', 'source'],
  properties: {
    amount: {
      type: 'number',
      exclusiveMinimum: 0,
      description: "The price per period in baseCurrency at the inputs' defaults (the formula's value when there is one).",
    },
    period: { type: 'string', enum: ['month', 'year', 'one-off'] },
    setup: {
      type: 'number',
      exclusiveMinimum: 0,
      description: 'A one-off part paid at the start of a recurring price (setup, installation); not with one-off.',
    },
    formula: text(
      "The amount per period over parameter names when the price depends on inputs, e.g. 'pricePerUser * users * 12' with period 'year'.",
    ),
    source: {
      description: 'The passage that states the price.',
      anyOf: sourceSchema.anyOf.filter((option) => option.properties.kind.enum[0] !== 'assumption'),
    },
  },
}

/** The calculator definition as JSON Schema, for one request. */
export function calculatorJsonSchema(input: Pick<AnalysisInput, 'complexity' | 'currency'>): Record<string, unknown> {
  const isValue = input.complexity === 'value'
  const sliders = isValue ? undefined : SLIDERS_PER_COMPLEXITY[input.complexity]
  return {
    type: 'object',
    additionalProperties: false,
    required: [
      'name',
      'description',
      'formula',
      'explanation',
      'parameters',
      'baseCurrency',
      'baseTimeframe',
      'valueType',
      'calculatorType',
      'valueFields',
    ],
    properties: {
      name: text('Name of the calculator.'),
      description: text('What the calculator shows, one or two sentences.'),
      formula: text('The result per baseTimeframe, as an expression over parameter names.'),
      explanation: text('How the formula works, in plain words.'),
      parameters: {
        type: 'array',
        items: parameterSchema,
        ...(sliders === undefined ? { minItems: 1, maxItems: 12 } : { minItems: sliders, maxItems: sliders + 12 }),
      },
      baseCurrency: { type: 'string', enum: [input.currency] },
      baseTimeframe: { type: 'string', enum: [...TIMEFRAME_PERIODS] },
      valueType: { type: 'string', enum: [...VALUE_TYPES] },
      calculatorType: { type: 'string', enum: [isValue ? 'value' : 'standard'] },
      valueFields: { type: 'array', items: valueFieldSchema, ...(isValue ? { minItems: 1 } : { maxItems: 0 }) },
      // A value calculator shows its price in a field of its own (calculatorDataSchema refuses a calculator price there).
      ...(isValue ? {} : { price: priceSchema }),
    },
  }
}
