import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createQueryClient, useToast } from '../src';
import { TestProviders } from '../src/testing';

function SaveButton() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.success('Property Saved', 'Saved to My Properties')}>
      Save
    </button>
  );
}

describe('toasts', () => {
  it('useToast asks the page for a toast, and the one holder shows it, one at a time', async () => {
    render(
      <TestProviders queryClient={createQueryClient()}>
        <SaveButton />
      </TestProviders>,
    );
    act(() => screen.getByRole('button', { name: 'Save' }).click());
    expect(await screen.findByText('Property Saved')).toBeTruthy();
    expect(screen.getByText('Saved to My Properties')).toBeTruthy();

    act(() => screen.getByRole('button', { name: 'Save' }).click());
    await screen.findByText('Property Saved');
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
  });
});
