export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Throws the spec's error for a non-ok response: the message is `${status}: ${body text}`, or the
 * status text when the body is empty. Callers recognise a 401 with isUnauthorizedError.
 */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const bodyText = await response.text().catch(() => '');
  throw new Error(`${response.status}: ${bodyText || response.statusText}`);
}

/** True for the error of a 401 response, e.g. `401: {"message":"Unauthorized"}`. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Calls the product's HTTP API: JSON in and out, session cookie included. Resolves with the parsed
 * body (undefined for an empty body) and rejects with the spec's `${status}: ${body}` error.
 */
export async function apiRequest<T = unknown>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  return readJson<T>(response);
}
