import { z } from 'zod'

/** `host:port` exactly: a name or IPv4 address, or an IPv6 address in brackets, and a port. */
const TARGET = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\]):\d{1,5}$/

export const OUTBOUND_ALLOWED_TARGETS_MESSAGE =
  'OUTBOUND_ALLOWED_TARGETS must be a comma-separated list of exact host:port pairs, e.g. 127.0.0.1:8080'

/**
 * The outgoing client's setting, spread into each deployable's schema that makes user-supplied
 * requests: exact host:port pairs reached without the address check. Empty by default; tests set it
 * for their servers on loopback, an operator for an internal service they mean to allow.
 */
export const outboundEnv = {
  OUTBOUND_ALLOWED_TARGETS: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((target) => target.trim().toLowerCase())
        .filter((target) => target !== ''),
    )
    .refine((targets) => targets.every((target) => TARGET.test(target)), OUTBOUND_ALLOWED_TARGETS_MESSAGE),
}
