/**
 * Query keys are URL paths (joined with '/' by the default query function), so invalidating a
 * prefix such as ['/api/properties', id] also refreshes that property's photos, listing, ...
 */
export const queryKeys = {
  currentUser: ['/api/auth/user'],
  userProperties: ['/api/user/properties'],
  activeProperties: ['/api/user/properties/active'],
  archivedProperties: ['/api/user/properties/archived'],
  property: (id: string) => ['/api/properties', id],
  comparables: (id: string) => ['/api/properties', id, 'comparables'],
  photos: (id: string) => ['/api/properties', id, 'photos'],
  recommendations: (id: string) => ['/api/properties', id, 'recommendations'],
  listing: (id: string) => ['/api/properties', id, 'listing'],
} as const;

/** The user's property lists, re-fetched after sign-in, saves, archive and restore. */
export const propertyListKeys = [queryKeys.userProperties, queryKeys.activeProperties, queryKeys.archivedProperties] as const;
