import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { Property } from '@hsa/contracts';
import { createQueryClient } from '@hsa/ui-kit';
import { TestProviders, jsonResponse } from '@hsa/ui-kit/testing';
import type { ReactElement } from 'react';

export const property: Property = {
  id: 'p1',
  userId: 'u1',
  address: '2418 Capitol Ave, Sacramento, CA 95816',
  city: 'Sacramento',
  state: 'CA',
  zipCode: '95816',
  bedrooms: 3,
  bathrooms: 2.5,
  squareFootage: 1850,
  yearBuilt: 1978,
  propertyType: 'single_family',
  additionalInfo: null,
  estimatedValue: 512_000,
  estimatedValueLow: 486_000,
  estimatedValueHigh: 538_000,
  lotSize: null,
  coordinates: null,
  placeId: null,
  createdAt: '2026-03-05T12:00:00.000Z',
  updatedAt: '2026-03-05T12:00:00.000Z',
  archived: false,
  archivedAt: null,
};

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

type Route = (init: RequestInit | undefined) => Response | Promise<Response>;

/** A fake gateway behind fetch (the only thing stubbed): `routes` by "METHOD path". */
export function stubGateway(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${String(input)}`;
    const route = routes[key];
    if (route) return route(init);
    if (key === 'GET /api/properties/p1') return jsonResponse(200, property);
    return jsonResponse(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function renderAt(path: string, page: ReactElement) {
  render(
    <TestProviders queryClient={createQueryClient()} path={path}>
      {page}
    </TestProviders>,
  );
}
