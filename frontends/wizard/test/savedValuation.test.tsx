import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import type { Property } from '@hsa/contracts';
import { createQueryClient, queryKeys } from '@hsa/ui-kit';
import { TestProviders, jsonResponse } from '@hsa/ui-kit/testing';
import { useCreateProperty, useRefreshValuation, useUpdateProperty } from '../src/api/properties';
import { toFormValues } from '../src/domain/propertyFormValues';
import { estimateIsStale, toCreateBody, UnknownFactsError, valuationFactsDiffer, type WizardProperty } from '../src/domain/wizardProperty';
import { highStDraft } from './wizardDraft';

const draft = highStDraft();

const saved: Property = {
  ...draft,
  id: '7d1c1f44-2c55-4a8e-9a4f-1f4f5b1b2c3d',
  userId: 'u1',
  bedrooms: 2,
  bathrooms: 1,
  squareFootage: 836,
  createdAt: '2026-03-05T12:00:00.000Z',
  updatedAt: '2026-03-05T12:00:00.000Z',
  archived: false,
  archivedAt: null,
};

const revalued = { estimatedValue: 171_000, estimatedValueLow: 140_000, estimatedValueHigh: 205_000 };

describe('an estimate belongs to the facts it was made from', () => {
  it('knows which edits change what a valuation is computed from', () => {
    expect(valuationFactsDiffer(draft, { squareFootage: 900 })).toBe(true);
    expect(valuationFactsDiffer(draft, { yearBuilt: 1948 })).toBe(true);
    expect(valuationFactsDiffer(draft, { squareFootage: 836, bedrooms: 2, yearBuilt: null })).toBe(false);
    expect(valuationFactsDiffer(draft, {})).toBe(false);
  });

  it("keeps the lookup's estimate only for the facts it was made from", () => {
    const form = { address: draft.address, city: 'Sacramento', state: 'CA', zipCode: '95838', bedrooms: 2, bathrooms: 1, squareFootage: 836 };
    expect(toCreateBody(draft, form)).toMatchObject({ estimatedValue: 151_749, estimatedValueLow: 120_000, estimatedValueHigh: 190_000 });
    expect(toCreateBody(draft, { ...form, squareFootage: 900 })).toMatchObject({ estimatedValue: null, estimatedValueLow: null, estimatedValueHigh: null });
    expect(estimateIsStale(draft, { ...form, squareFootage: 900 })).toBe(true);
    // A home the lookup could not value is not valued from the form's default facts.
    expect(estimateIsStale({ ...draft, estimatedValue: null, squareFootage: null }, { ...form, squareFootage: 2450 })).toBe(false);
  });

  it("values the saved facts when they differ from those of the lookup's estimate, and only then", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
        const url = String(input);
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (url === '/api/properties') return jsonResponse(201, { ...saved, squareFootage: 900, estimatedValue: null, estimatedValueLow: null, estimatedValueHigh: null });
        if (url.endsWith('/refresh-valuation')) return jsonResponse(200, revalued);
        return jsonResponse(200, []);
      }),
    );
    const queryClient = createQueryClient();
    const { result } = renderHook(() => useCreateProperty(), { wrapper: ({ children }) => <TestProviders queryClient={queryClient}>{children}</TestProviders> });
    const form = { address: draft.address, city: 'Sacramento', state: 'CA', zipCode: '95838', bedrooms: 2, bathrooms: 1, squareFootage: 900 };
    let created: Property | undefined;
    await act(async () => {
      created = await result.current.mutateAsync({ body: toCreateBody(draft, form), revalue: estimateIsStale(draft, form) });
    });
    expect(created).toMatchObject({ squareFootage: 900, ...revalued });
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual(['POST /api/properties', `POST /api/properties/${saved.id}/refresh-valuation`]);

    calls.length = 0;
    await act(async () => {
      await result.current.mutateAsync({ body: toCreateBody(draft), revalue: estimateIsStale(draft, undefined) });
    });
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual(['POST /api/properties']);
  });

  it('values a saved property again when an edit changes its valuation facts', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
        const url = String(input);
        const body = init?.body ? (JSON.parse(String(init.body)) as Partial<Property>) : {};
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (init?.method === 'PATCH') return jsonResponse(200, { ...saved, ...body });
        if (url.endsWith('/refresh-valuation')) return jsonResponse(200, revalued);
        return jsonResponse(200, saved);
      }),
    );
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.property(saved.id), saved);
    const { result } = renderHook(() => useUpdateProperty(saved.id), { wrapper: ({ children }) => <TestProviders queryClient={queryClient}>{children}</TestProviders> });
    await act(async () => {
      await result.current.mutateAsync({ additionalInfo: 'New roof' });
    });
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
    let updated: Property | undefined;
    await act(async () => {
      updated = await result.current.mutateAsync({ squareFootage: 900 });
    });
    expect(updated).toMatchObject({ squareFootage: 900, ...revalued });
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([`POST /api/properties/${saved.id}/refresh-valuation`]);
  });
  it('Refresh Valuation asks again for what was still being fetched for the old estimate (the neighborhood insights)', async () => {
    const neighborhoodKey = [...queryKeys.property(saved.id), 'neighborhood'];
    const answers: ((estimate: number) => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
        const url = String(input);
        if (url.endsWith('/refresh-valuation')) return jsonResponse(200, revalued);
        if (url.endsWith('/neighborhood')) {
          // Each answer quotes the estimate it was written for; the test decides when each arrives.
          return new Promise<Response>((resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
            answers.push((estimate) => resolve(jsonResponse(200, { summary: `Written for ${estimate}` })));
          });
        }
        return jsonResponse(200, init?.method === 'POST' ? {} : saved);
      }),
    );
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.property(saved.id), saved);
    const { result } = renderHook(
      () => ({ refresh: useRefreshValuation(saved.id), neighborhood: useQuery<{ summary: string }>({ queryKey: neighborhoodKey }) }),
      { wrapper: ({ children }) => <TestProviders queryClient={queryClient}>{children}</TestProviders> },
    );
    await waitFor(() => expect(answers).toHaveLength(1));

    await act(async () => {
      await result.current.refresh.mutateAsync();
    });
    expect(queryClient.getQueryData<Property>(queryKeys.property(saved.id))).toMatchObject(revalued);
    await waitFor(() => expect(answers).toHaveLength(2));
    await act(async () => {
      answers[0]!(saved.estimatedValue!);
      answers[1]!(revalued.estimatedValue);
    });
    await waitFor(() => expect(result.current.neighborhood.data?.summary).toBe(`Written for ${revalued.estimatedValue}`));
  });
});

describe('a fact the data does not give stays unknown', () => {
  const unknown: WizardProperty = { ...draft, bedrooms: null, bathrooms: 1, squareFootage: null, estimatedValue: null, estimatedValueLow: null, estimatedValueHigh: null };

  it('is never saved as a default: a save without the form refuses and names the unknown facts', () => {
    expect(() => toCreateBody(unknown)).toThrow(UnknownFactsError);
    try {
      toCreateBody(unknown);
    } catch (error) {
      expect((error as UnknownFactsError).facts).toEqual(['bedrooms', 'squareFootage']);
    }
    expect(toCreateBody(draft)).toMatchObject({ bedrooms: 2, bathrooms: 1, squareFootage: 836 });
  });

  it("is what the owner enters in the form, which leaves it empty for a home the lookup found", () => {
    expect(toFormValues(unknown)).toMatchObject({ bedrooms: undefined, bathrooms: 1, squareFootage: null });
    const form = { address: draft.address, city: 'Sacramento', state: 'CA', zipCode: '95838', bedrooms: 3, bathrooms: 1, squareFootage: 1_020 };
    expect(toCreateBody(unknown, form)).toMatchObject({ bedrooms: 3, bathrooms: 1, squareFootage: 1_020 });
  });

  it("starts manual entry (the owner types the whole home) from the spec's form defaults", () => {
    const manual: WizardProperty = { ...unknown, bathrooms: null, city: '', coordinates: null };
    expect(toFormValues(manual, true)).toMatchObject({ bedrooms: 4, bathrooms: 2.5, squareFootage: 2450 });
  });
});
