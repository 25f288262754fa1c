// Access codes nobody should choose (issue 34): the 10,000 most common passwords refuse as codes.
// The list is zxcvbn-ts's common-password dictionary (@zxcvbn-ts/language-common, MIT: the xato
// 10-million-password corpus, most frequent first), taken here on the server only, so the prospect's
// and the seller's pages never download it.
import { ACCESS_CODE_TOO_COMMON_MESSAGE } from '@valueproof/contracts'
import { errors } from '@valueproof/http-kit'

/** How many of the most common passwords are refused. */
export const COMMON_ACCESS_CODE_COUNT = 10_000

let commonCodes: Promise<ReadonlySet<string>> | undefined

/** The list, loaded on the first check (≈20 ms to decompress) and kept: start-up does not wait for it. */
function loadCommonCodes(): Promise<ReadonlySet<string>> {
  commonCodes ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => {
    const passwords = dictionary['passwords-common'].slice(0, COMMON_ACCESS_CODE_COUNT)
    return new Set(passwords.map((password) => password.toLowerCase()))
  })
  return commonCodes
}

/** Whether a code (trimmed, any case) is one of the 10,000 most common passwords. */
export async function isCommonAccessCode(code: string): Promise<boolean> {
  return (await loadCommonCodes()).has(code.trim().toLowerCase())
}

/** 400 for a common code, so that the seller chooses another or generates one. */
export async function refuseCommonAccessCode(code: string | null): Promise<void> {
  if (code !== null && (await isCommonAccessCode(code))) throw errors.badRequest(ACCESS_CODE_TOO_COMMON_MESSAGE, 'access_code_too_common')
}
