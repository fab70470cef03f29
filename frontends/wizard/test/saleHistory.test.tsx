import { beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createQueryClient } from '@hsa/ui-kit';
import { TestProviders, installJsdomShims } from '@hsa/ui-kit/testing';
import { SaleHistorySection } from '../src/components/SaleHistorySection';
import { LockAudienceContext } from '../src/components/lockMessages';
import type { WizardProperty } from '../src/domain/wizardProperty';
import { highStDraft } from './wizardDraft';

beforeAll(installJsdomShims);
const draft = highStDraft({
  evidence: { comparables: [], saleHistory: [{ date: '2008-05-21', price: 59_222, timeAdjustedPrice: 121_904 }] },
});

const renderSection = (property: WizardProperty, demo = false) =>
  render(
    <TestProviders queryClient={createQueryClient()}>
      <SaleHistorySection property={property} demo={demo} />
    </TestProviders>,
  );

describe("the home's sale history", () => {
  it('lists each recorded sale: date, price paid and that price at today\'s level', () => {
    renderSection(draft);
    const table = screen.getByRole('table', { name: 'Sale history of this home' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(within(row!).getByRole('rowheader').textContent).toBe('May 21, 2008');
    expect(within(row!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['$59,222', '$121,904']);
  });

  it('says when none is recorded, and locks it with no figure in demo mode', () => {
    renderSection({ ...draft, evidence: { comparables: [], saleHistory: [] } });
    expect(screen.getByText('No earlier sale of this home is recorded in the data.')).toBeTruthy();
    cleanup();
    const { container } = renderSection(draft, true);
    expect(screen.getByText("Sign in to see this home's sale history")).toBeTruthy();
    expect(container.textContent).not.toMatch(/\$/);
  });

  it('asks a signed-in owner whose demo property is not saved to save it, never to sign in', () => {
    render(
      <TestProviders queryClient={createQueryClient()}>
        <LockAudienceContext.Provider value="unsaved">
          <SaleHistorySection property={draft} demo />
        </LockAudienceContext.Provider>
      </TestProviders>,
    );
    expect(screen.getByText("Save this property to see this home's sale history")).toBeTruthy();
    expect(screen.queryByText(/sign in/i)).toBeNull();
  });
});
