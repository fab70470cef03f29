import type { AuthUser } from '@hsa/contracts';

/** The claims the gateway reads from the provider (ID token merged with userinfo). */
export interface OidcClaims {
  sub: string;
  email?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

/** Builds the signed-in user of GET /api/auth/user from the provider's claims. */
export function userFromClaims(claims: OidcClaims): AuthUser {
  const [first = '', ...rest] = (claims.name ?? '').trim().split(/\s+/);
  return {
    id: claims.sub,
    email: claims.email ?? '',
    firstName: claims.given_name ?? first,
    lastName: claims.family_name ?? rest.join(' '),
    profileImageUrl: claims.picture ?? null,
  };
}
