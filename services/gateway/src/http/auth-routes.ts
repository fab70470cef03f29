import { Router } from 'express';
import passport from 'passport';
import type { Logger } from 'pino';
import { STRATEGY, type OidcSignIn } from '../adapters/oidc';
import { safeReturnTo } from '../domain/return-to';
import { sendError } from './errors';
import { SESSION_COOKIE } from './sessions';
import { publicUser, type SessionUser } from './session-user';

/** GET /api/login, /api/callback, /api/logout and /api/auth/user. */
export function authRoutes(options: {
  oidc: OidcSignIn;
  publicUrl: string;
  clientId: string;
  logger: Logger;
}): Router {
  const { oidc, publicUrl, logger } = options;
  const router = Router();

  router.get('/api/login', (req, res, next) => {
    if (!oidc.ready) return sendError(res, 503, 'Sign-in is temporarily unavailable. Please try again shortly.');
    const referer = req.get('referer');
    req.session.returnTo = safeReturnTo(req.query.returnTo ?? referer, publicUrl);
    passport.authenticate(STRATEGY)(req, res, next);
  });

  router.get('/api/callback', (req, res, next) => {
    if (!oidc.ready) return sendError(res, 503, 'Sign-in is temporarily unavailable. Please try again shortly.');
    passport.authenticate(STRATEGY, (err: unknown, user: SessionUser | false) => {
      if (err) return next(err);
      if (!user) {
        logger.warn('sign-in callback refused');
        return res.redirect('/');
      }
      const returnTo = req.session.returnTo ?? '/';
      // req.login regenerates the session id (no session fixation).
      req.login(user, (loginErr) => {
        if (loginErr) return next(loginErr);
        req.session.authenticatedAt = Date.now();
        req.session.save(() => res.redirect(returnTo));
      });
    })(req, res, next);
  });

  router.get('/api/logout', (req, res, next) => {
    const idToken = req.user?.idToken;
    req.logout((err) => {
      if (err) return next(err);
      req.session.destroy(() => {
        res.clearCookie(SESSION_COOKIE, { path: '/' });
        const endSession = oidc.endSessionEndpoint;
        if (!endSession) return res.redirect('/');
        const url = new URL(endSession);
        url.searchParams.set('post_logout_redirect_uri', `${publicUrl}/`);
        url.searchParams.set('client_id', options.clientId);
        if (idToken) url.searchParams.set('id_token_hint', idToken);
        res.redirect(url.toString());
      });
    });
  });

  router.get('/api/auth/user', (req, res) => {
    res.set('Cache-Control', 'no-store');
    if (!req.user) return sendError(res, 401, 'Unauthorized');
    res.json(publicUser(req.user));
  });

  return router;
}
