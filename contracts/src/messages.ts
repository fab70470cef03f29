/** Validation messages of the spec (section 5). The UI and the API both use these exact texts. */
export const validationMessages = {
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  zipCodeRequired: 'ZIP code is required',
  bedroomsMin: 'Must have at least 1 bedroom',
  bathroomsMin: 'Must have at least 0.5 bathrooms',
  squareFootageRequired: 'Square footage is required',
} as const;
