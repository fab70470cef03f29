import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Recommendation } from '@hsa/contracts';
import { RecommendationSelector, ValueIncreaseCounter, createQueryClient, easeInOutCubic } from '../src';
import { TestProviders, installJsdomShims } from '../src/testing';

beforeAll(installJsdomShims);
const rec = (id: string, priority: Recommendation['priority'], cost: number, value: number): Recommendation => ({
  id,
  title: `Project ${id}`,
  category: 'Exterior',
  description: `Do ${id}.`,
  priority,
  estimatedCost: cost,
  estimatedValueIncrease: value,
  roi: (value - cost) / cost,
  source: 'Cost vs. Value 2025, national; adapted to this home',
});

const list = [rec('a', 'high', 4670, 15710), rec('b', 'medium', 20420, 20930), rec('c', 'low', 82790, 52900)];

function show(estimatedValue: number | null = 512_000) {
  render(
    <TestProviders queryClient={createQueryClient()}>
      <RecommendationSelector recommendations={list} estimatedValue={estimatedValue} />
    </TestProviders>,
  );
}

const text = (id: string) => screen.getByTestId(id).textContent;
const card = (title: string) => screen.getAllByTestId('recommendation-card').find((c) => c.textContent?.includes(title))!;

describe('RecommendationSelector', () => {
  it('shows each card with its title, priority, description, investment, value increase and ROI (ratio x 100, rounded)', () => {
    show();
    const a = within(card('Project a'));
    for (const t of ['Project a', 'High priority', 'Do a.', '$4,670', '$15,710', '236%', 'Source: Cost vs. Value 2025, national; adapted to this home']) {
      expect(a.getByText(t, { exact: false })).toBeTruthy();
    }
    expect(within(card('Project b')).getByText('Medium priority')).toBeTruthy();
    expect(within(card('Project b')).getByText('2%')).toBeTruthy(); // 0.02497 -> 2
    expect(within(card('Project c')).getByText('Low priority')).toBeTruthy();
    expect(within(card('Project c')).getByText('-36%')).toBeTruthy(); // -0.361 -> -36
  });

  it('says of a project that costs more than it adds that it does not pay back, whatever its priority', () => {
    render(
      <TestProviders queryClient={createQueryClient()}>
        <RecommendationSelector recommendations={[...list, rec('d', 'high', 30_000, 21_000)]} estimatedValue={512_000} />
      </TestProviders>,
    );
    expect(within(card('Project d')).getByTestId('no-payback').textContent).toBe('Does not pay back: it costs $9,000 more than it adds at sale.');
    expect(within(card('Project c')).getByTestId('no-payback').textContent).toBe('Does not pay back: it costs $29,890 more than it adds at sale.');
    expect(within(card('Project a')).queryByTestId('no-payback')).toBeNull();
    expect(within(card('Project b')).queryByTestId('no-payback')).toBeNull();
  });

  it('sums the selection and animates the projected value over about a second, eased', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'setTimeout', 'setInterval', 'Date'] });
    show();
    expect(text('selected-count')).toBe('0');
    expect(text('projected-value')).toBe('$512,000');

    fireEvent.click(within(card('Project a')).getByRole('checkbox'));
    fireEvent.click(card('Project b')); // a click anywhere on a card selects it
    expect(text('selected-count')).toBe('2');
    expect(text('total-investment')).toBe('$25,090');
    expect(text('total-value-increase')).toBe('$36,640');
    expect(text('net-profit')).toBe('$11,550');
    expect(text('overall-roi')).toBe('46%'); // 11,550 / 25,090 = 46.03%

    // Still moving half-way, on its eased path; there at one second.
    act(() => vi.advanceTimersByTime(500));
    const midway = Number(text('projected-value')!.replace(/[$,]/g, ''));
    expect(midway).toBeGreaterThan(512_000);
    expect(midway).toBeLessThan(548_640);
    act(() => vi.advanceTimersByTime(600));
    expect(text('projected-value')).toBe('$548,640');

    fireEvent.click(within(card('Project a')).getByRole('checkbox'));
    fireEvent.click(within(card('Project b')).getByRole('checkbox'));
    fireEvent.click(within(card('Project c')).getByRole('checkbox'));
    expect(text('net-profit')).toBe('-$29,890');
    expect(text('overall-roi')).toBe('-36%');
  });

  it('shows an overall ROI of 0 with nothing selected, and no projected value without an estimate', () => {
    show(null);
    expect(text('overall-roi')).toBe('0%');
    expect(screen.queryByTestId('projected-value')).toBeNull();
    expect(screen.getByText('The projected value appears once this home has an estimate.')).toBeTruthy();
  });

  it('eases in and out', () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(1)).toBe(1);
    expect(easeInOutCubic(0.5)).toBeCloseTo(0.5);
    expect(easeInOutCubic(0.1)).toBeLessThan(0.1);
    expect(easeInOutCubic(0.9)).toBeGreaterThan(0.9);
  });
});

describe('ValueIncreaseCounter', () => {
  it('fills its bar toward $50,000+', () => {
    render(
      <TestProviders queryClient={createQueryClient()}>
        <ValueIncreaseCounter total={36_640} />
      </TestProviders>,
    );
    const bar = screen.getByRole('progressbar', { name: 'Potential value increase toward $50,000+' });
    expect(bar.getAttribute('aria-valuenow')).toBe('73');
    expect(screen.getByText('$50,000+')).toBeTruthy();
    expect(screen.getByText('Potential Value Increase')).toBeTruthy();
  });
});
