/** Usernames are unique case-insensitively: the key is the trimmed, NFKC-normalised, lower-cased name. */
export function usernameKey(username: string): string {
  return username.normalize('NFKC').trim().toLocaleLowerCase('en-US')
}
