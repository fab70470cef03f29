import type { AuthUser } from '@hsa/contracts';

/** What the session holds for a signed-in user: the API's user plus the ID token for logout. */
export interface SessionUser extends AuthUser {
  idToken?: string | undefined;
}

declare module 'express-session' {
  interface SessionData {
    user?: SessionUser;
    authenticatedAt?: number;
    /** When the session's expiry was last pushed back (see renewSession). */
    renewedAt?: number;
  }
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The signed-in user (see sessionUser in sessions.ts). */
      user?: SessionUser;
    }
  }
}

/** The API view of the session user (never the ID token). */
export function publicUser(user: SessionUser): AuthUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
  };
}
