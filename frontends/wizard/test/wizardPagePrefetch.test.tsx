import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createQueryClient } from '@hsa/ui-kit';
import { TestProviders, jsonResponse } from '@hsa/ui-kit/testing';
import WizardPage from '../src/pages/WizardPage';

/** The wizard's module arrives when the test says so, like its chunk on a slow network. */
let wizardArrives: () => void = () => undefined;
vi.mock('../src/wizard/Wizard', async () => {
  await new Promise<void>((resolve) => (wizardArrives = resolve));
  return { Wizard: () => <h1>The wizard</h1> };
});

describe('the wizard page', () => {
  it("asks for a saved property and its comparables while the wizard's code is still loading", async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request) => {
        const url = String(input);
        asked.push(url);
        if (url === '/api/auth/user') return jsonResponse(200, { id: 'u1', email: 'owner@example.test', firstName: 'Ada', lastName: null, profileImageUrl: null });
        return jsonResponse(200, {});
      }),
    );
    render(
      <TestProviders queryClient={createQueryClient()} path="/?propertyId=p-42&step=2">
        <WizardPage />
      </TestProviders>,
    );
    await waitFor(() => expect(asked).toEqual(expect.arrayContaining(['/api/properties/p-42', '/api/properties/p-42/comparables'])));
    expect(screen.queryByRole('heading', { name: 'The wizard' })).toBeNull();

    wizardArrives();
    expect(await screen.findByRole('heading', { name: 'The wizard' })).toBeTruthy();
  });
});
