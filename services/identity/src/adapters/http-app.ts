import express, { type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { healthMiddleware, httpServerSpans } from '@hsa/service-kit';
import { signIn } from '../domain/account';
import { avatarSvg } from '../domain/avatar';
import { subjectForEmail } from '../domain/subject';
import type { AccountStore } from './account-store';
import type { Provider } from './oidc-provider';
import { errorPage, pageSecurityHeaders, signInPage } from './views';

export interface HttpAppOptions {
  provider: Provider;
  accounts: AccountStore;
  logger: Logger;
}

/** Where a subject's avatar is served, relative to the issuer. */
export const avatarPath = (sub: string) => `/avatars/${sub}.svg`;

const AVATAR_FILE = /^([0-9a-f]{64})\.svg$/;

/** A form field as one string (a repeated field arrives as an array). */
function formField(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

function sendHtml(res: Response, status: number, body: string): void {
  res.status(status).set(pageSecurityHeaders()).type('html').send(body);
}

/**
 * The identity service's HTTP surface: health, avatars, the sign-in interaction, and everything else
 * handled by oidc-provider (discovery, /auth, /token, /me, /session/end, /jwks).
 */
export function createHttpApp({ provider, accounts, logger }: HttpAppOptions): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(httpServerSpans());
  app.use(healthMiddleware({ provider: () => true }));

  // Browsers ask for it on every page; answering 204 keeps the logs and the console free of 404s.
  app.get('/favicon.ico', (_req, res) => {
    res.status(204).set('cache-control', 'public, max-age=86400').end();
  });

  app.get('/avatars/:file', (req, res) => {
    const sub = AVATAR_FILE.exec(req.params.file)?.[1];
    if (!sub) {
      res.status(404).json({ message: 'Not found' });
      return;
    }
    res
      .set({
        'content-type': 'image/svg+xml; charset=utf-8',
        'cache-control': 'public, max-age=300',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
        'cross-origin-resource-policy': 'cross-origin',
        'x-content-type-options': 'nosniff',
      })
      .send(avatarSvg(sub, accounts.find(sub)?.name));
  });

  app.get('/interaction/:uid', async (req, res) => {
    const interaction = await provider.interactionDetails(req, res);
    const { prompt, params } = interaction;
    if (prompt.name === 'login') {
      const loginHint = typeof params.login_hint === 'string' ? params.login_hint : '';
      sendHtml(res, 200, signInPage({ action: `/interaction/${interaction.uid}`, email: loginHint, name: '', errors: {} }));
      return;
    }
    if (prompt.name === 'consent') {
      // The registered clients are the product's own: grant what they ask for without a consent page.
      const details = prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      const grant = interaction.grantId
        ? await provider.Grant.find(interaction.grantId)
        : new provider.Grant({ accountId: interaction.session?.accountId, clientId: String(params.client_id) });
      if (!grant) throw Object.assign(new Error('grant not found'), { statusCode: 400, error: 'invalid_request' });
      if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
      if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
      for (const [resource, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
        grant.addResourceScope(resource, scopes.join(' '));
      }
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: interaction.grantId ? {} : { grantId } }, { mergeWithLastSubmission: true });
      return;
    }
    sendHtml(res, 400, errorPage({ error: 'invalid_request', error_description: `Unsupported sign-in step: ${prompt.name}` }));
  });

  app.post('/interaction/:uid', express.urlencoded({ extended: false, limit: '16kb' }), async (req, res) => {
    const interaction = await provider.interactionDetails(req, res);
    if (interaction.prompt.name !== 'login') {
      res.redirect(303, `/interaction/${interaction.uid}`);
      return;
    }
    const input = { email: formField(req.body, 'email'), name: formField(req.body, 'name') };
    const result = signIn(input, accounts.find(subjectForEmail(input.email)));
    if (!result.ok) {
      sendHtml(res, 400, signInPage({ action: `/interaction/${interaction.uid}`, ...input, errors: result.errors }));
      return;
    }
    await accounts.save(result.account);
    logger.info({ sub: result.account.sub, client_id: interaction.params.client_id }, 'signed in');
    await provider.interactionFinished(req, res, { login: { accountId: result.account.sub } }, { mergeWithLastSubmission: false });
  });

  app.use(provider.callback());

  // Errors of the interaction routes (oidc-provider renders its own through renderError).
  app.use((err: Error & { statusCode?: number; error?: string; error_description?: string }, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) logger.error({ err }, 'interaction failed');
    else logger.warn({ err: { name: err.name, message: err.message } }, 'interaction rejected');
    const description =
      err.name === 'SessionNotFound'
        ? 'This sign-in page has expired or was opened in another browser.'
        : status >= 500
          ? 'Something went wrong on our side.'
          : (err.error_description ?? err.message);
    sendHtml(res, status, errorPage({ error: err.error ?? 'server_error', error_description: description }));
  });

  return app;
}
