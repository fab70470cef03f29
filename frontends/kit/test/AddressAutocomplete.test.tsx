import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { AddressPrediction } from '@hsa/contracts';
import { AddressAutocomplete, autocompleteRules, newSessionToken, usePlacesSession } from '@hsa/ui-kit';
import { jsonResponse } from '@hsa/ui-kit/testing';

const descriptions = [
  '3526 High St, Sacramento, CA 95838',
  '3924 High St, Sacramento, CA 95838',
  '3500 High Ct, Sacramento, CA 95822',
  '3520 High Ln, Sacramento, CA 95823',
  '3511 High Rd, Sacramento, CA 95824',
  '3599 High Way, Sacramento, CA 95825',
];

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn(async () =>
    jsonResponse(200, { success: true, predictions: descriptions.map((description, i) => ({ description, place_id: `p${i}` })), dataSource: 'x' }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
function Harness({ onSelect }: { onSelect: (p: AddressPrediction) => void }) {
  const [value, setValue] = useState('');
  return <AddressAutocomplete label="Property address" value={value} onChange={setValue} onSelect={onSelect} />;
}

const box = () => screen.getByRole('combobox', { name: 'Property address' });
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
/** Lets the debounce run out and the (stubbed) answer arrive. */
const settle = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

describe('AddressAutocomplete', () => {
  it('has the spec constants', () => {
    expect(autocompleteRules).toEqual({ minChars: 3, debounceMs: 300, maxSuggestions: 5, lookupDelayMs: 100 });
  });

  it('searches only from 3 characters, 300 ms after the last keystroke, and shows 5 suggestions', async () => {
    render(<Harness onSelect={vi.fn()} />);
    fireEvent.focus(box());
    type('35');
    await settle(1000);
    expect(fetchMock).not.toHaveBeenCalled();

    type('352');
    await settle(200);
    type('3526');
    await settle(299);
    expect(fetchMock).not.toHaveBeenCalled();
    await settle(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/address-autocomplete?input=3526');
    expect(screen.getAllByRole('option')).toHaveLength(5);
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('status').textContent).toContain('5 suggestions available');
  });

  it('is operated with the keyboard: arrows move, Enter chooses, the lookup follows 100 ms later', async () => {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    fireEvent.focus(box());
    type('3526 hi');
    await settle(300);
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    const active = box().getAttribute('aria-activedescendant')!;
    expect(document.getElementById(active)!.textContent).toContain('3924 High St');
    expect(document.getElementById(active)!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    fireEvent.keyDown(box(), { key: 'Enter' });

    expect((box() as HTMLInputElement).value).toBe(descriptions[0]);
    expect(box().getAttribute('aria-expanded')).toBe('false');
    await settle(99);
    expect(onSelect).not.toHaveBeenCalled();
    await settle(1);
    expect(onSelect).toHaveBeenCalledWith({ description: descriptions[0], place_id: 'p0' });
    // No new search for the chosen address.
    await settle(1000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('closes with Escape and chooses with the mouse', async () => {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    fireEvent.focus(box());
    type('3526');
    await settle(300);
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(box().getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(box().getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getAllByRole('option')[2]!);
    await settle(100);
    expect(onSelect).toHaveBeenCalledWith({ description: descriptions[2], place_id: 'p2' });
  });

  it('shows no suggestions when the search fails', async () => {
    fetchMock.mockResolvedValue(jsonResponse(429, { message: 'Too many address searches' }));
    render(<Harness onSelect={vi.fn()} />);
    fireEvent.focus(box());
    type('3526');
    await settle(300);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it("carries one session token on every search of a session, ends it with the choice's lookup, then starts another", async () => {
    const lookups: { placeId: string; sessionToken: string }[] = [];
    function SessionHarness() {
      const [value, setValue] = useState('');
      const session = usePlacesSession();
      return (
        <AddressAutocomplete
          label="Property address"
          value={value}
          onChange={setValue}
          onSelect={(p) => lookups.push({ placeId: p.place_id, sessionToken: session.end() })}
          sessionToken={session.token}
        />
      );
    }
    render(<SessionHarness />);
    fireEvent.focus(box());
    for (const text of ['352', '3526', '3526 hi']) {
      type(text);
      await settle(300);
    }
    const tokenOf = (call: unknown[]) => new URL(String(call[0]), 'http://x').searchParams.get('sessionToken');
    const first = fetchMock.mock.calls.map(tokenOf);
    expect(first).toHaveLength(3);
    expect(new Set(first).size).toBe(1);
    expect(first[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    fireEvent.click(screen.getAllByRole('option')[0]!);
    await settle(100);
    expect(lookups).toEqual([{ placeId: 'p0', sessionToken: first[0] }]);

    type('3924 High');
    await settle(300);
    const next = tokenOf(fetchMock.mock.calls.at(-1)!);
    expect(next).toMatch(/^[0-9a-f-]{36}$/);
    expect(next).not.toBe(first[0]);
  });

  it('makes version 4 UUIDs, a fresh one each time', () => {
    const tokens = Array.from({ length: 50 }, newSessionToken);
    expect(new Set(tokens).size).toBe(50);
    for (const t of tokens) expect(t).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
