// @valueproof/formula: the formula language and the calculator mathematics of SPEC §9, for the
// browser and the server alike (no Node.js imports here).

// The formula language
export {
  FORMULA_HARD_LIMITS,
  FORMULA_LIMITS,
  FORBIDDEN_NAMES,
  MATH_FUNCTION_NAMES,
  checkNames,
  compile,
  compileFormula,
  evaluateTree,
  numberLiterals,
  parameterSigns,
  parameterNamesIn,
  parse,
  print,
  valueOrFallback,
  type BinaryNode,
  type BinaryOperator,
  type CallNode,
  type CompileResult,
  type CompiledFormula,
  type ConditionalNode,
  type FormulaCompilation,
  type FormulaError,
  type FormulaErrorCode,
  type FormulaEvaluation,
  type FormulaEvaluationError,
  type FormulaLimits,
  type FormulaNode,
  type MathFunctionName,
  type NameCheck,
  type NumberLiteral,
  type NumberNode,
  type ParameterNode,
  type ParseResult,
  type UnaryNode,
  type UnaryOperator,
} from './formula/index.ts'

// The calculator definition (SPEC §3 calculatorData)
export {
  CALCULATOR_LANGUAGES,
  CALCULATOR_TYPES,
  COMPLEXITIES,
  PARAMETER_TYPES,
  STORED_PARAMETER_DEFAULTS,
  brandingSchema,
  calculatedValuesSchema,
  calculatorDataSchema,
  calculatorNameProblem,
  calculatorParameterSchema,
  parameterSourceSchema,
  calculatorTypeSchema,
  complexitySchema,
  isUncheckedAssumption,
  currencySchema,
  parameterTypeSchema,
  timeframePeriodSchema,
  timeframeSchema,
  validateCalculatorData,
  valueFieldSchema,
  valueTypeSchema,
  type CalculatorData,
  type CalculatorDataInput,
  type CalculatorLanguage,
  type CalculatorParameter,
  type CalculatorProblem,
  type CalculatorType,
  type CalculatorValidation,
  type ParameterSource,
  type Complexity,
  type ValueField,
} from './calculator/calculator-data.ts'

// SPEC §9 calculator mathematics
export {
  INITIAL_SHARE_OF_RANGE,
  SLIDER_DEFAULTS,
  VALUE_SLIDER_MAXIMA,
  initialSliderValue,
  sliderSettings,
  snapToSlider,
  valueFieldSlider,
  withoutFloatNoise,
  valueSliderMax,
  type SliderSettings,
  type SliderSource,
  type ValueSliderSource,
} from './calculator/sliders.ts'
export {
  SUBSCRIPTION_MULTIPLIERS,
  TIMEFRAME_FACTORS,
  TIMEFRAME_PERIODS,
  VALUE_TYPES,
  defaultTimeframes,
  effectiveBaseTimeframe,
  isSubscription,
  timeframeLabel,
  timeframeResults,
  type Timeframe,
  type TimeframePeriod,
  type TimeframeResult,
  type ValueType,
} from './calculator/timeframes.ts'
export { assumptionNoteOf, calculatorTexts, type CalculatorTexts } from './calculator/calculator-texts.ts'
export {
  PAYBACK_SHOWN_MAX_MONTHS,
  PRICE_HORIZON_YEARS,
  PRICE_LIMITS,
  PRICE_PERIODS,
  calculatorPriceSchema,
  paybackOf,
  priceCostOver,
  priceSourceSchema,
  priceAt,
  pricedReturn,
  type CalculatorPrice,
  type CalculatorPriceInput,
  type Payback,
  type PricePeriod,
  type PriceSource,
  type PricedReturn,
} from './calculator/calculator-price.ts'
export { STANDARD_CALCULATOR, standardCalculation, type StandardCalculation } from './calculator/standard-calculator.ts'
export { AI_CALCULATED_CALCULATOR, aiCalculatedCalculation, type AiCalculatedCalculation } from './calculator/ai-calculated-calculator.ts'
export {
  createValueCalculation,
  resolveParameterValues,
  type ParameterValues,
  type ValueCalculation,
  type ValueFieldResult,
} from './calculator/value-calculator.ts'
export { createCalculator, type Calculator, type CalculatorResult } from './calculator/calculator.ts'

// The proposal around a calculator (issue 20): headline, payback curve, scenarios and the seller's honesty guards
export {
  headlineLabel,
  headlineOf,
  headlineValue,
  paybackSeries,
  type Headline,
  type HeadlinePayback,
  type HeadlineValue,
  type PaybackPoint,
} from './calculator/headline.ts'
export {
  SCENARIOS,
  SCENARIO_SPREAD_PERCENT,
  deriveScenarios,
  hasScenarios,
  inputSlider,
  isImprovementInput,
  scenarioSet,
  scenarioValues,
  type Scenario,
  type ScenarioSet,
} from './calculator/scenarios.ts'
export {
  DOMINANT_INPUT_SHARE,
  SENSITIVITY_STEP,
  scenarioWarnings,
  sensitivity,
  type ClaimedInput,
  type InputInfluence,
  type ScenarioWarning,
} from './calculator/scenario-warnings.ts'
export {
  CALCULATOR_WARNING_CODES,
  SHARE_CHECK_CODES,
  calculatorWarnings,
  shareChecks,
  uncheckedAssumptions,
  type ShareCheck,
  type ShareCheckCode,
  type CalculatorWarning,
  type CalculatorWarningCode,
  type CalculatorWarningOptions,
} from './calculator/calculator-warnings.ts'
export { calculatorWarningTexts, type CalculatorWarningTexts } from './calculator/calculator-warning-texts.ts'
export { UNIT_CONVERSIONS, hiddenConstants, isUnitConversion, type HiddenConstant } from './calculator/hidden-constants.ts'
export { proposalTexts, type AccessGateTexts, type PricingTexts, type ProposalTexts } from './proposal/proposal-texts.ts'
export { formatInputValue, formatMonths, formatPayback, formatPercent, paybackStatement } from './proposal/figure-format.ts'
export { compactMoneyFormatter, moneyDisplayOf, moneyFormatter, numberLocaleOf, type MoneyDisplay } from './proposal/money-display.ts'
export { calculatorFigures, estimateNoteOf, type CalculatorFigure, type CalculatorFigures } from './proposal/calculator-figures.ts'
export {
  lineChosen,
  priceOfQuote,
  quoteTotals,
  type QuoteLine,
  type QuotePart,
  type QuoteRecurrence,
  type QuoteTable,
  type QuoteTotals,
} from './proposal/quote.ts'

// Money
export { CURRENCIES, CURRENCY_RATES, conversionRate, convertCurrency, type Currency, type CurrencyRates } from './money/currency-rates.ts'
export { GENERATOR_SCREEN_LOCALE, MONEY_LOCALES, formatMoney } from './money/money-format.ts'

// The landing page demo
export {
  LANDING_DEMO_DEAL_INCREASE,
  LANDING_DEMO_SLIDERS,
  landingDemoResult,
  type LandingDemoInput,
  type LandingDemoResult,
} from './landing-demo.ts'
