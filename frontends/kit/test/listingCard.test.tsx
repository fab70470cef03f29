import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Listing } from '@hsa/contracts';
import { ListingCard, countWords, createQueryClient, listingFileName, listingFileText } from '../src';
import { TestProviders, installJsdomShims } from '../src/testing';

beforeAll(installJsdomShims);
const listing: Listing = {
  description: 'Welcome to 2418 Capitol Ave, a single-family home.\n\nIt has 3 bedrooms and 2.5 bathrooms.',
  keySellingPoints: ['3 bedrooms, 2.5 bathrooms', '1,850 sq ft of living space', 'Built in 1978'],
  engine: 'embedded',
  generatedAt: '2026-11-22T10:00:00Z',
  editedAt: null,
  sourceNote: null,
  basedOnEstimate: 512_000,
};

function show(overrides: Partial<Parameters<typeof ListingCard>[0]> = {}) {
  const props = {
    listing,
    address: '2418 Capitol Ave, Sacramento, CA 95816',
    onRegenerate: vi.fn(),
    regenerating: false,
    onSave: vi.fn(async () => undefined),
    saving: false,
    ...overrides,
  };
  render(
    <TestProviders queryClient={createQueryClient()}>
      <ListingCard {...props} />
    </TestProviders>,
  );
  return props;
}

describe('ListingCard', () => {
  it('shows the description, the key selling points and the statistics', () => {
    show();
    expect(screen.getByText('Welcome to 2418 Capitol Ave, a single-family home.')).toBeTruthy();
    expect(screen.getByText('It has 3 bedrooms and 2.5 bathrooms.')).toBeTruthy();
    for (const point of listing.keySellingPoints) expect(screen.getByText(point)).toBeTruthy();
    expect(screen.getByTestId('stat-words').textContent).toBe('15');
    expect(screen.getByTestId('stat-characters').textContent).toBe(String(listing.description.length));
    expect(screen.getByTestId('stat-features').textContent).toBe('3');
    expect(screen.getByTestId('stat-rating').textContent).toBe('A+');
  });

  it('labels who wrote it, and why the built-in writer did when the AI model was not used', () => {
    show();
    expect(screen.getByText("Written from your home's details by the built-in writer")).toBeTruthy();
    cleanup();
    const note = "Written by the built-in engine: the AI model's answer could not be used (it did not match the required format).";
    show({ listing: { ...listing, sourceNote: note } });
    expect(screen.getByText(note)).toBeTruthy();
    cleanup();
    show({ listing: { ...listing, engine: 'openai' } });
    expect(screen.getByText("Written by AI from your home's details")).toBeTruthy();
  });

  it("copies the description with 'Copied to clipboard'", async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    show();
    fireEvent.click(screen.getByRole('button', { name: /Copy Description/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(listing.description));
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
  });

  it('edits and saves the description, and regenerates', async () => {
    const props = show();
    fireEvent.click(screen.getByRole('button', { name: /Edit/ }));
    const editor = screen.getByLabelText('Edit the description');
    fireEvent.change(editor, { target: { value: 'My own words.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(props.onSave).toHaveBeenCalledWith('My own words.'));
    await waitFor(() => expect(screen.queryByLabelText('Edit the description')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /Regenerate/ }));
    expect(props.onRegenerate).toHaveBeenCalledTimes(1);
  });

  it('downloads a text file with the description and the selling points', () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:listing';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    show();
    fireEvent.click(screen.getByRole('button', { name: /Download/ }));
    expect(clicks[0]!.download).toBe('listing-2418-capitol-ave.txt');
    expect(created[0]!.type).toBe('text/plain;charset=utf-8');
    expect(listingFileText(listing.description, listing.keySellingPoints)).toBe(
      `${listing.description}\n\nKey selling points:\n- 3 bedrooms, 2.5 bathrooms\n- 1,850 sq ft of living space\n- Built in 1978\n`,
    );
  });

  it('shares through the Web Share API, and copies the link where there is none', async () => {
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    show();
    fireEvent.click(screen.getByRole('button', { name: /Share/ }));
    await waitFor(() => expect(share).toHaveBeenCalledWith({ title: 'Listing: 2418 Capitol Ave', text: listing.description }));
    cleanup();

    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    show();
    fireEvent.click(screen.getByRole('button', { name: /Share/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(window.location.href));
    expect(await screen.findByText('Link to this page copied.')).toBeTruthy();
  });

  it('counts words and names files like a person would', () => {
    expect(countWords('A 3-bedroom home — ready now.')).toBe(5);
    expect(listingFileName(null)).toBe('listing.txt');
  });
});
