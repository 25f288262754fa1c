/** RC4, as PDF's standard security handler uses it. */
export function rc4(key: Uint8Array, data: Uint8Array): Uint8Array
/** Algorithm 2.B of ISO 32000-2 (revision 6) for an input without user bytes. */
export function hashRevision6(input: Uint8Array): Buffer
