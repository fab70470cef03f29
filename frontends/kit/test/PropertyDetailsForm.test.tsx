import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { validationMessages } from '@hsa/contracts';
import {
  PropertyDetailsForm,
  bathroomChoices,
  bedroomChoices,
  createQueryClient,
  numberFromText,
  propertyFormDefaults,
  validatePropertyField,
} from '@hsa/ui-kit';
import { TestProviders, installJsdomShims } from '@hsa/ui-kit/testing';

beforeAll(installJsdomShims);
function renderForm(props: Partial<Parameters<typeof PropertyDetailsForm>[0]> = {}) {
  const onSubmit = vi.fn();
  render(
    <TestProviders queryClient={createQueryClient()}>
      <PropertyDetailsForm onSubmit={onSubmit} {...props} />
    </TestProviders>,
  );
  return onSubmit;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('PropertyDetailsForm', () => {
  it('starts from the spec defaults: 4 bedrooms, 2.5 bathrooms, 2450 square feet', () => {
    renderForm();
    const form = screen.getByRole('button', { name: 'Analyze Property' }).closest('form')!;
    expect(within(form).getByTitle('4')).toBeTruthy();
    expect(within(form).getByTitle('2.5')).toBeTruthy();
    expect((screen.getByLabelText('Square footage') as HTMLInputElement).value).toBe('2450');
    expect((screen.getByLabelText('Year built') as HTMLInputElement).value).toBe('');
  });

  it('labels every field', () => {
    renderForm();
    for (const label of ['Street address', 'City', 'State', 'ZIP code', 'Bedrooms', 'Bathrooms', 'Square footage', 'Year built', 'Additional info']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
  });

  it("shows the spec's messages for missing fields and does not submit", async () => {
    const onSubmit = renderForm();
    type('Square footage', '');
    fireEvent.click(screen.getByRole('button', { name: 'Analyze Property' }));

    for (const message of [
      validationMessages.addressRequired,
      validationMessages.cityRequired,
      validationMessages.stateRequired,
      validationMessages.zipCodeRequired,
      validationMessages.squareFootageRequired,
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the POST body with trimmed texts and numbers as numbers', async () => {
    const onSubmit = renderForm();
    type('Street address', ' 2418 Capitol Ave, Sacramento, CA 95816 ');
    type('City', 'Sacramento');
    type('State', 'CA');
    type('ZIP code', '95816');
    type('Year built', '1928');
    type('Additional info', 'New roof in 2022');
    fireEvent.click(screen.getByRole('button', { name: 'Analyze Property' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      address: '2418 Capitol Ave, Sacramento, CA 95816',
      city: 'Sacramento',
      state: 'CA',
      zipCode: '95816',
      bedrooms: 4,
      bathrooms: 2.5,
      squareFootage: 2450,
      yearBuilt: 1928,
      propertyType: 'single_family',
      additionalInfo: 'New roof in 2022',
    });
  });

  it('keeps square footage 0 as typed and refuses it with the spec message: never turned into 1', async () => {
    const onSubmit = renderForm({ initialValues: { address: '1 Elm St', city: 'Davis', state: 'CA', zipCode: '95616' } });
    const size = screen.getByLabelText('Square footage') as HTMLInputElement;
    type('Square footage', '0');
    fireEvent.blur(size);
    fireEvent.click(screen.getByRole('button', { name: 'Analyze Property' }));
    expect(await screen.findByText(validationMessages.squareFootageRequired)).toBeTruthy();
    expect(size.value).toBe('0');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says in words why a size or a year no home has is refused, keeping what was typed', async () => {
    const onSubmit = renderForm({ initialValues: { address: '1 Elm St', city: 'Davis', state: 'CA', zipCode: '95616' } });
    type('Square footage', '40');
    type('Year built', String(new Date().getFullYear() + 5));
    fireEvent.click(screen.getByRole('button', { name: 'Analyze Property' }));
    expect(await screen.findByText('Square footage must be between 100 and 100,000 sq ft')).toBeTruthy();
    expect(await screen.findByText('Year built cannot be in the future')).toBeTruthy();
    expect((screen.getByLabelText('Square footage') as HTMLInputElement).value).toBe('40');
    type('Square footage', 'about 2000');
    fireEvent.click(screen.getByRole('button', { name: 'Analyze Property' }));
    expect(await screen.findByText('Square footage must be a number')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a size written with a thousands separator as the same number', async () => {
    const onSubmit = renderForm({ initialValues: { address: '1 Elm St', city: 'Davis', state: 'CA', zipCode: '95616' } });
    type('Square footage', '1,850');
    fireEvent.click(screen.getByRole('button', { name: 'Analyze Property' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ squareFootage: 1850, yearBuilt: null });
  });

  it('edits an existing property: its values, a read-only address and Save Changes', async () => {
    const onSubmit = renderForm({
      submitLabel: 'Save Changes',
      addressReadOnly: true,
      initialValues: { address: '1 Elm St', city: 'Davis', state: 'CA', zipCode: '95616', bedrooms: 2, bathrooms: 1, squareFootage: 900, propertyType: 'condo' },
    });
    expect((screen.getByLabelText('Street address') as HTMLInputElement).readOnly).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ bedrooms: 2, bathrooms: 1, squareFootage: 900, propertyType: 'condo', yearBuilt: null, additionalInfo: null });
  });
});

describe('property form rules', () => {
  it('offers bedrooms 1 to 6+ and bathrooms 1 to 4+ in halves', () => {
    expect(bedroomChoices.map((c) => c.label)).toEqual(['1', '2', '3', '4', '5', '6+']);
    expect(bathroomChoices.map((c) => c.label)).toEqual(['1', '1.5', '2', '2.5', '3', '3.5', '4+']);
    expect(bathroomChoices.map((c) => c.value)).toEqual([1, 1.5, 2, 2.5, 3, 3.5, 4]);
    expect(propertyFormDefaults).toMatchObject({ bedrooms: 4, bathrooms: 2.5, squareFootage: 2450, propertyType: 'single_family' });
  });

  it("validates with the API's rules and their messages, typed text included", () => {
    expect(validatePropertyField('address', '   ')).toBe('Address is required');
    expect(validatePropertyField('bedrooms', 0)).toBe('Must have at least 1 bedroom');
    expect(validatePropertyField('bedrooms', undefined)).toBe('Must have at least 1 bedroom');
    expect(validatePropertyField('bathrooms', 0)).toBe('Must have at least 0.5 bathrooms');
    expect(validatePropertyField('squareFootage', null)).toBe('Square footage is required');
    expect(validatePropertyField('squareFootage', '')).toBe('Square footage is required');
    expect(validatePropertyField('squareFootage', '0')).toBe('Square footage is required');
    expect(validatePropertyField('squareFootage', '99')).toBe('Square footage must be between 100 and 100,000 sq ft');
    expect(validatePropertyField('squareFootage', '2,450')).toBeNull();
    expect(validatePropertyField('squareFootage', '2450.5')).toBe('Square footage must be a whole number');
    expect(validatePropertyField('squareFootage', '24 50')).toBe('Square footage must be a number');
    expect(validatePropertyField('yearBuilt', null)).toBeNull();
    expect(validatePropertyField('yearBuilt', '')).toBeNull();
    expect(validatePropertyField('yearBuilt', '1200')).toBe('Year built must be 1600 or later');
    expect(validatePropertyField('yearBuilt', 'nineteen')).toBe('Year built must be a year, e.g. 1998');
    expect(validatePropertyField('city', 'Sacramento')).toBeNull();
  });

  it('reads typed numbers as the numbers they spell, and leaves anything else for the rules to refuse', () => {
    expect(numberFromText(' 2450 ')).toBe(2450);
    expect(numberFromText('12,345,678')).toBe(12345678);
    expect(numberFromText('1.5')).toBe(1.5);
    expect(numberFromText('0')).toBe(0);
    expect(numberFromText('')).toBeNull();
    expect(numberFromText(undefined)).toBeNull();
    expect(numberFromText(7)).toBe(7);
    expect(numberFromText('1,23')).toBe('1,23');
    expect(numberFromText('2k')).toBe('2k');
    expect(numberFromText('1e3')).toBe('1e3');
  });
});
