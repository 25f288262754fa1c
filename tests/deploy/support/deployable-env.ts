// What a deployable's container would see as its environment, read from rendered manifests, and
// each deployable's config schema (the truth about which variables it reads).
import type { z } from 'zod'
import { gatewayConfigSchema } from '../../../gateway/src/config.ts'
import { analyticsConfigSchema } from '../../../services/analytics/src/config.ts'
import { billingConfigSchema } from '../../../services/billing/src/config.ts'
import { calculatorConfigSchema } from '../../../services/calculator/src/config.ts'
import { identityConfigSchema } from '../../../services/identity/src/config.ts'
import { notificationConfigSchema } from '../../../services/notification/src/config.ts'
import { proposalConfigSchema } from '../../../services/proposal/src/config.ts'
import { named, type Container, type Manifest } from './manifests.ts'

export const SERVICES = ['identity', 'calculator', 'proposal', 'billing', 'analytics', 'notification'] as const
export const DEPLOYABLES = ['gateway', ...SERVICES] as const
export type Deployable = (typeof DEPLOYABLES)[number]

export const CONFIG_SCHEMAS: Record<Deployable, z.ZodType> = {
  gateway: gatewayConfigSchema,
  identity: identityConfigSchema,
  calculator: calculatorConfigSchema,
  proposal: proposalConfigSchema,
  billing: billingConfigSchema,
  analytics: analyticsConfigSchema,
  notification: notificationConfigSchema,
}

/** The keys of a config schema (its top-level object, also behind a refinement). */
export function schemaKeys(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape
  if (shape) return Object.keys(shape)
  const inner = (schema as unknown as { def?: { in?: z.ZodType; schema?: z.ZodType } }).def
  const wrapped = inner?.in ?? inner?.schema
  if (wrapped) return schemaKeys(wrapped)
  throw new Error('config schema without an object shape')
}

/** A Secret's values as text (stringData, or base64 data). */
function secretValues(secret: Manifest): Record<string, string> {
  const values: Record<string, string> = { ...secret.stringData }
  for (const [key, encoded] of Object.entries(secret.data ?? {})) values[key] = Buffer.from(encoded, 'base64').toString()
  return values
}

/**
 * The container's environment: its ConfigMaps (envFrom) then its env entries, with Secret
 * references resolved from the rendered Secrets. A reference to a Secret the render does not hold
 * (an existing Secret) resolves to `external`'s value for that key, or throws unless it is optional
 * (then the variable is unset, as Kubernetes leaves it).
 */
export function containerEnvironment(
  manifests: Manifest[],
  container: Container,
  external: Record<string, string> = {},
): Record<string, string> {
  const environment: Record<string, string> = {}
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) Object.assign(environment, named(manifests, 'ConfigMap', source.configMapRef.name).data)
    if (source.secretRef) Object.assign(environment, secretValues(named(manifests, 'Secret', source.secretRef.name)))
  }
  for (const variable of container.env ?? []) {
    const ref = variable.valueFrom?.secretKeyRef
    if (!ref) {
      environment[variable.name] = variable.value ?? ''
      continue
    }
    const secret = manifests.find((manifest) => manifest.kind === 'Secret' && manifest.metadata.name === ref.name)
    const value = secret ? secretValues(secret)[ref.key] : external[ref.key]
    if (value === undefined && ref.optional === true) continue
    if (value === undefined) throw new Error(`${container.name}: ${variable.name} reads ${ref.name}/${ref.key}, which does not exist`)
    environment[variable.name] = value
  }
  return environment
}
