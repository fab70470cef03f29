import { AddressParser } from '@sroussey/parse-address';

/** The parts of a US address the property form asks for besides the street. '' where the text does not hold one. */
export interface AddressParts {
  city: string;
  state: string;
  zipCode: string;
}

/** What the parser answers (it is untyped): only the parts used here. */
interface ParsedLocation {
  city?: string;
  state?: string;
  zip?: string;
  plus4?: string;
}

const parser = new AddressParser();

/**
 * The city, state and ZIP code written in an address ("3526 High St, Sacramento, CA 95838"), read by a maintained
 * US address parser (@sroussey/parse-address). Nothing is guessed: the parser names a city only next to a state,
 * so "742 Evergreen Terrace, Springfield" gives no city, and a part the text lacks stays ''. State names become
 * their two-letter codes ("California" -> "CA"), as the form's State field expects.
 */
export function addressParts(text: string): AddressParts {
  let parsed: ParsedLocation | null;
  try {
    parsed = parser.parseLocation(text) as ParsedLocation | null;
  } catch (error) {
    console.warn('The address could not be parsed', error);
    parsed = null;
  }
  if (!parsed) return { city: '', state: '', zipCode: '' };
  const zip = parsed.zip ?? '';
  return {
    city: parsed.city?.trim() ?? '',
    state: parsed.state?.trim().toUpperCase() ?? '',
    zipCode: zip && parsed.plus4 ? `${zip}-${parsed.plus4}` : zip,
  };
}
