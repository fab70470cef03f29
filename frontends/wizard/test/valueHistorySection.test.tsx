import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createQueryClient } from '@hsa/ui-kit';
import { TestProviders, installJsdomShims } from '@hsa/ui-kit/testing';
import { ValueHistorySection } from '../src/components/ValueHistorySection';
import { testvilleHistory } from './valueHistoryFixture';

// uPlot draws on a canvas, which jsdom lacks: a stand-in shows where the chart is rendered.
vi.mock('../src/components/ValueHistoryChart', () => ({ default: () => <div data-testid="value-history-chart" /> }));

beforeAll(installJsdomShims);
// The index's own quarters only: no held points, sales or notes.
const history = testvilleHistory({ points: testvilleHistory().points.filter((point) => !point.afterIndexEnd), sales: [], notes: [] });

/** An IntersectionObserver the test moves: `nearViewport()` reports every observed element as intersecting. */
function stubIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; elements: Element[]; options?: IntersectionObserverInit }[] = [];
  class FakeObserver {
    private readonly entry: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { callback, elements: [], ...(options ? { options } : {}) };
      observers.push(this.entry);
    }
    observe(element: Element) {
      this.entry.elements.push(element);
    }
    disconnect() {
      this.entry.elements = [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    observers,
    nearViewport: () =>
      act(() => {
        for (const { callback, elements } of observers) {
          const entries = elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
          if (entries.length) callback(entries, {} as IntersectionObserver);
        }
      }),
  };
}

function renderSection() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(['/api/properties', 'p1', 'value-history'], history);
  return render(
    <TestProviders queryClient={queryClient}>
      <ValueHistorySection propertyId="p1" hasEstimate demo={false} />
    </TestProviders>,
  );
}

describe('the value over time section', () => {
  it('loads the chart only as it nears the viewport; its legend, summary and table show at once', async () => {
    const observer = stubIntersectionObserver();
    const { container } = renderSection();
    expect(screen.getByRole('list', { name: 'Chart legend' })).toBeTruthy();
    expect(screen.getByText('Show the figures as a table')).toBeTruthy();
    expect(container.querySelector('.wz-vh-chart__loading')).not.toBeNull();
    expect(screen.queryByTestId('value-history-chart')).toBeNull();
    expect(observer.observers.at(-1)?.options?.rootMargin).toBe('200px 0px');

    observer.nearViewport();
    expect(await screen.findByTestId('value-history-chart')).toBeTruthy();
    expect(container.querySelector('.wz-vh-chart__loading')).toBeNull();
  });

  it('shows the chart at once where the browser has no IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    renderSection();
    expect(await screen.findByTestId('value-history-chart')).toBeTruthy();
  });
});
