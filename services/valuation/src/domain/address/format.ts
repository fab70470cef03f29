/** Display spelling of addresses kept in upper case by the source ("3526 HIGH ST" -> "3526 High St"). */

const upperWords = new Set(['n', 's', 'e', 'w', 'ne', 'nw', 'se', 'sw', 'po']);
const ordinal = /^\d+(st|nd|rd|th)$/;

function titleWord(word: string): string {
  const lower = word.toLowerCase();
  if (upperWords.has(lower)) return lower.toUpperCase();
  if (ordinal.test(lower)) return lower;
  if (/\d/.test(lower)) return word.toUpperCase();
  return lower.replace(/(^|[-'’])(\p{L})/gu, (_m, sep: string, letter: string) => sep + letter.toUpperCase());
}

/** Each word capitalised; directionals upper case, ordinals ("1st") and unit numbers ("2B") kept readable. */
export function titleCase(text: string): string {
  return text.trim().split(/\s+/).filter(Boolean).map(titleWord).join(' ');
}

/** "3526 High St, Sacramento, CA 95838" */
export function formatAddressLine(parts: { street: string; city: string; state: string; zip: string }): string {
  const place = [parts.city, [parts.state, parts.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return place ? `${parts.street}, ${place}` : parts.street;
}
