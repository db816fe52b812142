import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@common/auth';
import { PROJECT_ROOT } from '../../paths';

/**
 * The 10,000 most common passwords of 8 characters or more, lower-cased, from the ranked list zxcvbn-ts
 * ships (@zxcvbn-ts/language-common, MIT), kept in the repo so the check needs nothing at run time.
 */
const LIST_FILE = path.join(PROJECT_ROOT, 'server/features/auth/common-passwords.txt');

let commonPasswords: Set<string> | undefined;

function loadCommonPasswords(): Set<string> {
  commonPasswords ??= new Set(readFileSync(LIST_FILE, 'utf8').split('\n').filter(Boolean));
  return commonPasswords;
}

/** Why a new password is refused, in words a person can act on; null when it will do. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `Use at least ${MIN_PASSWORD_LENGTH} characters for your password.`;
  if (password.length > MAX_PASSWORD_LENGTH)
    return `Use at most ${MAX_PASSWORD_LENGTH} characters for your password.`;
  if (loadCommonPasswords().has(password.toLowerCase()))
    return 'That password is one of the most common ones, so it is easy to guess. Choose another.';
  return null;
}
