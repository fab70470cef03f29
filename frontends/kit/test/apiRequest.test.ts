import { describe, expect, it, vi } from 'vitest';
import { apiRequest, isUnauthorizedError } from '../src/api/apiRequest';

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiRequest', () => {
  it('sends JSON with the session cookie and answers the parsed body', async () => {
    const fetchMock = stubFetch(new Response(JSON.stringify({ id: 'p1' }), { status: 201 }));
    const body = { address: '1 Main St', bedrooms: 3 };

    await expect(apiRequest('POST', '/api/properties', body)).resolves.toEqual({ id: 'p1' });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/properties');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: JSON.stringify(body) });
    expect((init!.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends no body and no content type without a payload, and answers undefined for an empty body', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    await expect(apiRequest('PATCH', '/api/properties/p1/archive')).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBeUndefined();
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('rejects a non-ok response with "status: body text"', async () => {
    stubFetch(new Response('{"message":"Must have at least 1 bedroom"}', { status: 400, statusText: 'Bad Request' }));
    await expect(apiRequest('POST', '/api/properties', {})).rejects.toThrow('400: {"message":"Must have at least 1 bedroom"}');
  });

  it('uses the status text when the error body is empty', async () => {
    stubFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/user/properties')).rejects.toThrow(/^503: Service Unavailable$/);
  });
});

describe('isUnauthorizedError', () => {
  it('recognises the error of a 401 response', async () => {
    stubFetch(new Response('{"message":"Unauthorized"}', { status: 401, statusText: 'Unauthorized' }));
    const error = await apiRequest('GET', '/api/user/properties').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(isUnauthorizedError(error)).toBe(true);
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(true);
  });

  it('rejects other errors', () => {
    expect(isUnauthorizedError(new Error('403: {"message":"Forbidden"}'))).toBe(false);
    expect(isUnauthorizedError(new Error('500: Unauthorized access to the database'))).toBe(false);
    expect(isUnauthorizedError(new Error('401: '))).toBe(false);
    expect(isUnauthorizedError('401: Unauthorized')).toBe(false);
    expect(isUnauthorizedError(null)).toBe(false);
  });
});
