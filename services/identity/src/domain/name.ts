export const MAX_NAME_LENGTH = 100;

export interface PersonName {
  name: string;
  givenName: string;
  familyName: string;
}

/** Collapses whitespace and strips control characters from a typed name. */
export function cleanName(raw: string): string {
  return raw
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "Jane van Dyke" -> given "Jane", family "van Dyke": the first word, then the rest. */
export function splitName(raw: string): PersonName {
  const name = cleanName(raw);
  const firstSpace = name.indexOf(' ');
  if (firstSpace === -1) return { name, givenName: name, familyName: '' };
  return { name, givenName: name.slice(0, firstSpace), familyName: name.slice(firstSpace + 1) };
}

/** A readable name from an address's local part: "jane.doe+test@x.com" -> "Jane Doe". */
export function nameFromEmail(email: string): string {
  const local = (email.split('@')[0] ?? '').replace(/\+.*$/, '');
  const words = local.split(/[._\-\s]+/).filter(Boolean);
  const name = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
  return name || email;
}

/** Up to two letters for an avatar: "Jane van Dyke" -> "JD", "jane" -> "J". */
export function initialsOf(name: string): string {
  const words = cleanName(name).split(' ').filter(Boolean);
  const first = words[0];
  if (!first) return '?';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letters = [first, last].filter((w): w is string => !!w).map((w) => Array.from(w)[0] ?? '');
  return letters.join('').toUpperCase();
}
