import { describe, expect, it } from 'vitest';
import type { Request, Response } from 'express';
import { apiSecurityHeaders } from '../src/security-headers';

/** The headers the middleware sets on one response, and whether it passed the request on. */
function headersOf(middleware: ReturnType<typeof apiSecurityHeaders>): { headers: Record<string, string>; passedOn: boolean } {
  const headers: Record<string, string> = {};
  let passedOn = false;
  const res = { setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value) } as unknown as Response;
  middleware({} as Request, res, () => (passedOn = true));
  return { headers, passedOn };
}

describe("the API's security headers", () => {
  it("are OWASP's set for REST responses, with HSTS only behind https", () => {
    const plain = headersOf(apiSecurityHeaders({ publicUrl: 'http://localhost:8080' }));
    expect(plain.passedOn).toBe(true);
    expect(plain.headers).toEqual({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    const tls = headersOf(apiSecurityHeaders({ publicUrl: 'https://homes.example', crossOriginResourcePolicy: 'same-site' }));
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(tls.headers['cross-origin-resource-policy']).toBe('same-site');
  });
});
