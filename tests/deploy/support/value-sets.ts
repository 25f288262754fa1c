// The value sets the chart is tested with (charts/valueproof/ci/*.yaml) and what each must render.
import type { Deployable } from './deployable-env.ts'
import type { ValueSet } from './chart.ts'

export interface ChartCase {
  name: string
  values: ValueSet
  /** Deployables with a HorizontalPodAutoscaler. */
  autoscaled: Deployable[]
  podDisruptionBudgets: boolean
  networkPolicies: boolean
  ingressTls: boolean
  /** In-chart PostgreSQL, NATS and MinIO. */
  inChartInfrastructure: boolean
  /** The migration Jobs' helm.sh/hook annotation, or null when there are none. */
  migrationHook: string | null
  /** The chart makes the Secret (false: secrets.existingSecret). */
  chartSecret: boolean
  testPod: boolean
}

const ALL: Deployable[] = ['gateway', 'identity', 'calculator', 'proposal', 'billing', 'analytics', 'notification']

export const CHART_CASES: ChartCase[] = [
  {
    name: 'defaults (a complete system in one namespace)',
    values: {},
    autoscaled: ['gateway', 'calculator'],
    podDisruptionBudgets: true,
    networkPolicies: true,
    ingressTls: false,
    inChartInfrastructure: true,
    migrationHook: 'post-install,pre-upgrade',
    chartSecret: true,
    testPod: true,
  },
  {
    name: 'external services',
    values: { files: ['external-values.yaml'] },
    autoscaled: ['gateway', 'calculator'],
    podDisruptionBudgets: true,
    networkPolicies: true,
    ingressTls: false,
    inChartInfrastructure: false,
    migrationHook: 'pre-install,pre-upgrade',
    chartSecret: true,
    testPod: true,
  },
  {
    name: 'ingress + TLS + autoscaling',
    values: { files: ['ingress-tls-autoscaling-values.yaml'] },
    autoscaled: ALL,
    podDisruptionBudgets: true,
    networkPolicies: true,
    ingressTls: true,
    inChartInfrastructure: true,
    migrationHook: 'post-install,pre-upgrade',
    chartSecret: true,
    testPod: true,
  },
  {
    name: 'everything optional off',
    values: { files: ['minimal-values.yaml'] },
    autoscaled: [],
    podDisruptionBudgets: false,
    networkPolicies: false,
    ingressTls: false,
    inChartInfrastructure: false,
    migrationHook: null,
    chartSecret: false,
    testPod: false,
  },
]

/**
 * Stand-ins for the keys of an existing Secret (minimal-values.yaml names one), shaped as the
 * deployables' schemas require, so their environment can still be checked.
 */
export const EXISTING_SECRET_VALUES: Record<string, string> = {
  GATEWAY_SIGNING_KEY: 'g'.repeat(40),
  ACCESS_CODE_KEY: 'a'.repeat(40),
  IDENTITY_ADDRESS_HASH_KEY: 'i'.repeat(40),
  PROPOSAL_ADDRESS_HASH_KEY: 'p'.repeat(40),
  NATS_URL: 'nats://nats.messaging:4222',
  S3_ACCESS_KEY: 'access',
  S3_SECRET_KEY: 'secret-key',
  ...Object.fromEntries(
    ['IDENTITY', 'CALCULATOR', 'PROPOSAL', 'BILLING', 'ANALYTICS', 'NOTIFICATION'].map((service) => [
      `${service}_DATABASE_URL`,
      `postgresql://u:p@db:5432/${service.toLowerCase()}`,
    ]),
  ),
}
