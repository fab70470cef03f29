import { createHash } from 'node:crypto';
import type { SignInErrors } from '../domain/account';

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Security headers of every HTML page: no external resources, no framing, inline styles only. */
export function pageSecurityHeaders(scriptHashes: string[] = []): Record<string, string> {
  const scriptSrc = scriptHashes.length ? scriptHashes.map((h) => `'sha256-${h}'`).join(' ') : "'none'";
  return {
    // No form-action: Chrome applies it to the redirects after a form post, which end on the client's origin.
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; script-src ${scriptSrc}; base-uri 'none'; frame-ancestors 'none'`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  };
}

const STYLES = `
*,*::before,*::after{box-sizing:border-box}
html{color-scheme:light}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px 16px;
  font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1f2937;
  background:linear-gradient(160deg,#eff6ff 0%,#f8fafc 55%,#ecfdf5 100%)}
main{width:100%;max-width:420px;background:#fff;border-radius:16px;padding:32px 28px;
  box-shadow:0 1px 2px rgba(15,23,42,.06),0 12px 32px rgba(15,23,42,.10)}
h1{margin:0 0 4px;font-size:1.6rem;line-height:1.25;color:#0f172a}
.lead{margin:0 0 20px;color:#475569}
.notice{margin:0 0 24px;padding:12px 14px;border-radius:10px;background:#fffbeb;border:1px solid #fcd34d;color:#78350f;font-size:.9rem}
.notice strong{display:block}
.field{margin:0 0 18px}
label{display:block;font-weight:600;margin:0 0 6px;color:#0f172a}
.hint{display:block;font-size:.85rem;color:#64748b;margin:-2px 0 6px}
input{width:100%;font:inherit;padding:10px 12px;border:1px solid #cbd5e1;border-radius:8px;background:#fff;color:inherit}
input:focus{outline:3px solid rgba(37,99,235,.35);outline-offset:1px;border-color:#2563eb}
input[aria-invalid="true"]{border-color:#b91c1c}
.error{margin:6px 0 0;color:#b91c1c;font-size:.9rem;font-weight:500}
button{width:100%;font:inherit;font-weight:600;padding:11px 16px;border:0;border-radius:8px;cursor:pointer;color:#fff;background:#2563eb}
button:hover{background:#1d4ed8}
button:focus-visible{outline:3px solid rgba(37,99,235,.45);outline-offset:2px}
.footer{margin:20px 0 0;font-size:.8rem;color:#64748b;text-align:center}
pre{white-space:pre-wrap;word-break:break-word;background:#f1f5f9;border-radius:8px;padding:10px 12px;font-size:.85rem}
@media (prefers-reduced-motion:no-preference){button{transition:background-color .15s}}
`;

function layout(title: string, body: string, head = ''): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLES}</style>${head}
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export interface SignInPageModel {
  /** Where the form posts to (the interaction's own URL). */
  action: string;
  email: string;
  name: string;
  errors: SignInErrors;
}

function field(id: 'email' | 'name', label: string, attrs: string, value: string, error?: string, hint?: string): string {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return `<div class="field">
  <label for="${id}">${label}</label>${hint ? `\n  <span class="hint" id="${id}-hint">${hint}</span>` : ''}
  <input id="${id}" name="${id}" ${attrs} value="${escapeHtml(value)}"${describedBy ? ` aria-describedby="${describedBy}"` : ''}${error ? ' aria-invalid="true"' : ''}>${error ? `\n  <p class="error" id="${id}-error" role="alert">${escapeHtml(error)}</p>` : ''}
</div>`;
}

/** The development sign-in form: inputs named `email` and `name`, posted back to the interaction. */
export function signInPage(model: SignInPageModel): string {
  const { errors } = model;
  const focusEmail = !!errors.email || !errors.name;
  return layout(
    errors.email || errors.name ? 'Error: Sign in' : 'Sign in',
    `<h1>Sign in</h1>
<p class="lead">Enter your email address to continue.</p>
<p class="notice" role="note"><strong>Development sign-in</strong>Any email address signs you in, without a password. This page exists only for local development and testing.</p>
<form method="post" action="${escapeHtml(model.action)}" novalidate>
${field('email', 'Email address', `type="email" autocomplete="email" inputmode="email" required maxlength="254"${focusEmail ? ' autofocus' : ''}`, model.email, errors.email)}
${field('name', 'Full name', `type="text" autocomplete="name" maxlength="100"${focusEmail ? '' : ' autofocus'}`, model.name, errors.name, 'Optional. Without it, a name is made from your email address.')}
<button type="submit">Sign in</button>
</form>
<p class="footer">The same email address always signs in to the same account.</p>`,
  );
}

const AUTO_SUBMIT_SCRIPT = "document.addEventListener('DOMContentLoaded',function(){document.forms[0].submit()});";
export const AUTO_SUBMIT_SCRIPT_HASH = createHash('sha256').update(AUTO_SUBMIT_SCRIPT).digest('base64');

/**
 * The sign-out step of RP-initiated logout. It asks nothing: the provider's confirmation form (with its
 * xsrf token) is submitted at once with logout=yes, so the browser goes straight on to the client's
 * post-logout address. Without JavaScript a single Continue button does the same.
 */
export function signingOutPage(providerForm: string): string {
  const form = providerForm.replace('</form>', '<input type="hidden" name="logout" value="yes"><noscript><button type="submit">Continue signing out</button></noscript></form>');
  return layout(
    'Signing out',
    `<h1>Signing out…</h1>
<p class="lead" role="status">You are being signed out.</p>
${form}`,
    `\n<script>${AUTO_SUBMIT_SCRIPT}</script>`,
  );
}

/** Shown after a sign-out that named no post-logout address to return to. */
export function signedOutPage(): string {
  return layout('Signed out', `<h1>Signed out</h1>\n<p class="lead" role="status">You have been signed out. You can close this window.</p>`);
}

/** Provider and interaction errors, with the OAuth error code for whoever debugs it. */
export function errorPage(details: { error: string; error_description?: string | undefined }): string {
  const description = details.error_description ?? 'Something went wrong.';
  return layout(
    'Sign-in problem',
    `<h1>Sign-in problem</h1>
<p class="lead" role="alert">${escapeHtml(description)}</p>
<p>Go back to the application and start signing in again.</p>
<pre>error: ${escapeHtml(details.error)}</pre>`,
  );
}
