/**
 * The wizard's address acceptance rule (spec section 5): at least 10 characters with a comma (a full
 * address such as "51 Omaha Ct, Sacramento"), or at least 8 characters starting with a street number
 * followed by a word ("3526 High St"). Anything else asks the visitor to pick a suggestion.
 */
export function isAcceptableAddress(text: string): boolean {
  const address = text.trim();
  if (address.length >= 10 && address.includes(',')) return true;
  return address.length >= 8 && /^\d+[A-Za-z]?\s+\d*[A-Za-z]/.test(address);
}
