import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { installJsdomShims } from '@hsa/ui-kit/testing';
import { ValueCard } from '../src/components/ValueCard';
import type { WizardProperty } from '../src/domain/wizardProperty';
import { highStDraft } from './wizardDraft';

beforeAll(installJsdomShims);
const property = highStDraft({
  yearBuilt: 1948,
  estimatedValue: 268_000,
  estimatedValueLow: 241_000,
  estimatedValueHigh: 295_000,
  lotSize: 5663,
  placeId: null,
  dataSource: 'RentCast property records and value estimates',
});

/** The demo's property: the API withholds the estimate from anonymous visitors. */
const demo: WizardProperty = { ...property, estimatedValue: null, estimatedValueLow: null, estimatedValueHigh: null, estimateWithheld: true };

describe('the value card', () => {
  it("shows the valuation's own range without a note", () => {
    render(<ValueCard property={property} dataSource={property.dataSource} locked={false} />);
    expect(screen.getByRole('img', { name: 'Likely range $241,000 to $295,000' })).toBeTruthy();
    expect(screen.queryByTestId('assumed-range-note')).toBeNull();
  });

  it('says so when the estimate came without a range and the 85% to 115% rule stands in', () => {
    render(<ValueCard property={{ ...property, estimatedValueLow: null, estimatedValueHigh: null }} dataSource={property.dataSource} locked={false} />);
    expect(screen.getByRole('img', { name: 'Likely range $227,800 to $308,200' })).toBeTruthy();
    expect(screen.getByTestId('assumed-range-note').textContent).toBe('No likely range came with this estimate: shown is 85% to 115% of it.');
  });

  it('locked, shows shapes and the way to unlock it, and no figure at all (even one it was given)', () => {
    for (const locked of [demo, property]) {
      const { container, unmount } = render(<ValueCard property={locked} dataSource={property.dataSource} locked />);
      expect(screen.getByText("Sign in to see this home's estimated value")).toBeTruthy();
      expect(screen.getByTestId('estimate-shapes').textContent).toBe('');
      expect(screen.queryByTestId('estimated-value')).toBeNull();
      expect(container.innerHTML).not.toMatch(/\$|268|241|295/);
      unmount();
    }
  });

  it('locked, says there is no estimate when the home has none (nothing withheld)', () => {
    render(<ValueCard property={{ ...demo, estimateWithheld: false }} dataSource={null} locked />);
    expect(screen.getByText('No estimate yet')).toBeTruthy();
    expect(screen.queryByTestId('estimate-shapes')).toBeNull();
  });
});
