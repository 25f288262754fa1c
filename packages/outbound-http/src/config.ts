import { isIP } from 'node:net'
import { z } from 'zod'

/** `host:port` exactly: a name or IPv4 address, or an IPv6 address in brackets, and a port. */
const TARGET = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\]):\d{1,5}$/

/** `address/prefix`: an IPv4 or IPv6 address and a prefix length that fits it. */
function isCidr(text: string): boolean {
  const [address = '', prefix = '', ...rest] = text.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0 || !/^\d{1,3}$/.test(prefix)) return false
  return Number(prefix) <= (family === 4 ? 32 : 128)
}

function list(text: string): string[] {
  return text
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '')
}

export const OUTBOUND_ALLOWED_RANGES_MESSAGE =
  'OUTBOUND_ALLOWED_RANGES must be a comma-separated list of address ranges in CIDR form, e.g. 10.20.0.0/16,fd12:3456::/48'

export const OUTBOUND_ALLOWED_TARGETS_MESSAGE =
  'OUTBOUND_ALLOWED_TARGETS must be a comma-separated list of exact host:port pairs, e.g. 127.0.0.1:8080'

/** The outgoing client's settings, spread into each deployable's schema that makes user-supplied requests. */
export const outboundEnv = {
  /**
   * Exact host:port pairs reached without the address check. Empty by default; tests set it for their
   * servers on loopback, an operator for an internal service they mean to allow.
   */
  OUTBOUND_ALLOWED_TARGETS: z
    .string()
    .default('')
    .transform(list)
    .refine((targets) => targets.every((target) => TARGET.test(target)), OUTBOUND_ALLOWED_TARGETS_MESSAGE),
  /**
   * Private ranges an operator allows (CIDR, e.g. their office network's webhook receivers): the
   * address check lets their addresses through on the standard ports. Empty by default.
   */
  OUTBOUND_ALLOWED_RANGES: z
    .string()
    .default('')
    .transform(list)
    .refine((ranges) => ranges.every(isCidr), OUTBOUND_ALLOWED_RANGES_MESSAGE),
}
