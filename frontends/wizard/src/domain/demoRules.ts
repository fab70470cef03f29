interface AddressParts {
  address?: string | null;
  city?: string | null;
  state?: string | null;
}

const text = (value: string | null | undefined) => (value ?? '').trim();

/** A demo property can be saved only with its address, city and state (spec section 5). */
export function canSaveDemoProperty(property: AddressParts | null | undefined): boolean {
  return Boolean(property && text(property.address) && text(property.city) && text(property.state));
}

/** Demo comparables are fetched only for an address of 10+ characters and a city of 3+ (spec section 5). */
export function shouldFetchDemoComparables(property: AddressParts | null | undefined): boolean {
  return Boolean(property && text(property.address).length >= 10 && text(property.city).length >= 3);
}
