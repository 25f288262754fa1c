export class ExpansionLimitExceeded extends Error {}
export const DEFLATE_MAX_RATIO: number
export function inflateBounded(input: Uint8Array, limit: number, options?: { keep?: boolean }): Promise<{ size: number; data?: Uint8Array }>
export function lzwDecode(input: Uint8Array, limit: number, earlyChange?: number): Uint8Array
export function runLengthDecode(input: Uint8Array, limit: number): Uint8Array
export function asciiHexDecode(input: Uint8Array): Uint8Array
export function ascii85Decode(input: Uint8Array, limit: number): Uint8Array
