import { isValidEmail, MAX_EMAIL_LENGTH, normalizeEmail } from './email';
import { cleanName, MAX_NAME_LENGTH, nameFromEmail, splitName, type PersonName } from './name';
import { subjectForEmail } from './subject';

/** A development account: who signed in with which email, under which name. */
export interface Account extends PersonName {
  sub: string;
  email: string;
}

/** What the sign-in form submitted, as typed. */
export interface SignInInput {
  email: string;
  name: string;
}

export interface SignInErrors {
  email?: string;
  name?: string;
}

export type SignInResult = { ok: true; account: Account } | { ok: false; errors: SignInErrors };

export const EMAIL_REQUIRED_MESSAGE = 'Enter your email address.';
export const EMAIL_INVALID_MESSAGE = 'Enter a valid email address, like name@example.com.';
export const EMAIL_TOO_LONG_MESSAGE = `Email addresses can be at most ${MAX_EMAIL_LENGTH} characters.`;
export const NAME_TOO_LONG_MESSAGE = `Names can be at most ${MAX_NAME_LENGTH} characters.`;

/**
 * Turns a sign-in form into an account. Any well-formed email signs in; an empty name falls back to the
 * name already known for that email, else to one derived from the address.
 */
export function signIn(input: SignInInput, known?: Pick<Account, 'name'>): SignInResult {
  const email = normalizeEmail(input.email);
  const typedName = cleanName(input.name);
  const errors: SignInErrors = {};
  if (!email) errors.email = EMAIL_REQUIRED_MESSAGE;
  else if (email.length > MAX_EMAIL_LENGTH) errors.email = EMAIL_TOO_LONG_MESSAGE;
  else if (!isValidEmail(email)) errors.email = EMAIL_INVALID_MESSAGE;
  if (typedName.length > MAX_NAME_LENGTH) errors.name = NAME_TOO_LONG_MESSAGE;
  if (errors.email || errors.name) return { ok: false, errors };

  const name = typedName || known?.name || nameFromEmail(email);
  return { ok: true, account: { sub: subjectForEmail(email), email, ...splitName(name) } };
}

/** Standard OIDC claims of an account (the provider filters them by the granted scopes). */
export function accountClaims(account: Account, pictureUrl: string) {
  return {
    sub: account.sub,
    email: account.email,
    email_verified: true,
    name: account.name,
    given_name: account.givenName,
    family_name: account.familyName,
    picture: pictureUrl,
  };
}
