import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The most common passwords (49,233 of them, most common first), from the password list that the
 * zxcvbn-ts project ships in @zxcvbn-ts/language-common (pinned in apps/api/package.json). Server-only:
 * the web app checks the length and blank rules and leaves this list to the API.
 */
let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((password) => password.toLowerCase()));
  return common;
}

/** True when the password (already lower-cased) is on the list. */
export function isCommonPassword(lowerCased: string): boolean {
  return commonPasswords().has(lowerCased);
}

/** How many passwords the list holds. */
export function commonPasswordCount(): number {
  return commonPasswords().size;
}
