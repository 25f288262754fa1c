/** Registration password rules of SPEC §5: one list drives the live checklist and the server check. */
export interface PasswordRule {
  id: 'length' | 'uppercase' | 'lowercase' | 'number' | 'special'
  /** Live checklist label on the Register tab. */
  label: string
  /** Error message when the rule fails (client and server say the same). */
  message: string
  test(this: void, password: string): boolean
}

export const passwordRules: readonly PasswordRule[] = [
  {
    id: 'length',
    label: 'At least 8 characters long',
    message: 'Password must be at least 8 characters',
    test: (password) => password.length >= 8,
  },
  {
    id: 'uppercase',
    label: 'Contains an uppercase letter',
    message: 'Password must contain at least one uppercase letter',
    test: (password) => /\p{Lu}/u.test(password),
  },
  {
    id: 'lowercase',
    label: 'Contains a lowercase letter',
    message: 'Password must contain at least one lowercase letter',
    test: (password) => /\p{Ll}/u.test(password),
  },
  {
    id: 'number',
    label: 'Contains a number',
    message: 'Password must contain at least one number',
    test: (password) => /\p{Nd}/u.test(password),
  },
  {
    id: 'special',
    label: 'Contains a special character',
    message: 'Password must contain at least one special character',
    test: (password) => /[^\p{L}\p{Nd}\s]/u.test(password),
  },
]

/** The messages of the rules this password breaks, in checklist order. */
export function passwordProblems(password: string): string[] {
  return passwordRules.filter((rule) => !rule.test(password)).map((rule) => rule.message)
}
