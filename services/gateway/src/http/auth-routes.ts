import { Router } from 'express';
import type { Logger } from 'pino';
import type { OidcSignIn } from '../adapters/oidc';
import { isOwnNavigation } from '../domain/origin';
import { safeReturnTo } from '../domain/return-to';
import { sendError } from './errors';
import type { PendingSignInCookie } from './pending-sign-in';
import { endSession, startSession } from './sessions';
import { publicUser } from './session-user';

const SIGN_IN_UNAVAILABLE = 'Sign-in is temporarily unavailable. Please try again shortly.';

/** GET /api/login, /api/callback, /api/logout and /api/auth/user. */
export function authRoutes(options: {
  oidc: OidcSignIn;
  pendingSignIn: PendingSignInCookie;
  publicUrl: string;
  allowedOrigins: ReadonlySet<string>;
  logger: Logger;
}): Router {
  const { oidc, pendingSignIn, publicUrl, logger } = options;
  const router = Router();

  router.get('/api/login', async (req, res) => {
    if (!oidc.ready) return sendError(res, 503, SIGN_IN_UNAVAILABLE);
    res.set('Cache-Control', 'no-store');
    const { url, pending } = await oidc.begin(safeReturnTo(req.query.returnTo ?? req.get('referer'), publicUrl));
    await pendingSignIn.write(res, pending);
    res.redirect(url);
  });

  router.get('/api/callback', async (req, res) => {
    if (!oidc.ready) return sendError(res, 503, SIGN_IN_UNAVAILABLE);
    res.set('Cache-Control', 'no-store');
    const pending = await pendingSignIn.read(req);
    pendingSignIn.clear(res);
    if (!pending) {
      logger.warn('sign-in callback without a pending sign-in (expired, or started in another browser)');
      return res.redirect('/');
    }
    let user;
    try {
      user = await oidc.complete(new URL(req.originalUrl, publicUrl), pending);
    } catch (err) {
      logger.warn({ err }, 'sign-in callback refused');
      return res.redirect('/');
    }
    await startSession(req, user);
    res.redirect(pending.returnTo);
  });

  router.get('/api/logout', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const own = isOwnNavigation({ secFetchSite: req.get('sec-fetch-site'), referer: req.get('referer') }, options.allowedOrigins);
    if (!own) {
      logger.warn({ referer: req.get('referer'), site: req.get('sec-fetch-site') }, 'cross-site logout refused');
      return res.redirect(303, '/');
    }
    const idToken = req.user?.idToken;
    await endSession(req, res);
    res.redirect(oidc.endSessionUrl(`${publicUrl}/`, idToken) ?? '/');
  });

  router.get('/api/auth/user', (req, res) => {
    res.set('Cache-Control', 'no-store');
    if (!req.user) return sendError(res, 401, 'Unauthorized');
    res.json(publicUser(req.user));
  });

  return router;
}
