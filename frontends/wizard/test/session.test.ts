import { describe, expect, it, vi } from 'vitest';
import { handleUnauthorized, unauthorizedRedirectMs } from '../src/api/session';
import { errorReason, saveFailedWithReason, toasts } from '../src/domain/messages';

describe('a 401 from a save or change', () => {
  it("says 'Unauthorized: You are logged out. Logging in again...' and goes to the login page after 500 ms", () => {
    vi.useFakeTimers();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/add-property', search: '?step=1.5', assign });
    const toast = { error: vi.fn() };

    expect(handleUnauthorized(new Error('401: {"message":"Unauthorized"}'), toast)).toBe(true);
    expect(toast.error).toHaveBeenCalledWith('Unauthorized', 'You are logged out. Logging in again...');
    expect(unauthorizedRedirectMs).toBe(500);
    vi.advanceTimersByTime(499);
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledWith(`/api/login?returnTo=${encodeURIComponent('/add-property?step=1.5')}`);
  });

  it('leaves other failures to the caller', () => {
    const toast = { error: vi.fn() };
    expect(handleUnauthorized(new Error('503: {"message":"down"}'), toast)).toBe(false);
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe('messages', () => {
  it('keep the spec catalogue word for word', () => {
    expect(toasts.addressRequired).toEqual(['Address Required', 'Please enter a property address to analyze.']);
    expect(toasts.propertyDataUnavailable).toEqual([
      'Property Data Unavailable',
      'Unable to find authentic property data for this address. Please try a different address.',
    ]);
    expect(toasts.propertyDetailsNeeded).toEqual(['Property Details Needed', 'Please enter your property details manually.']);
    expect(toasts.lookupFailed).toEqual(['Lookup Failed', 'Please enter your property details manually.']);
    expect(toasts.autoSaveFailed).toEqual(['Auto-save Failed', 'Property restored to demo mode. Use the Save Now button to try again.']);
    expect(toasts.noPropertyData).toEqual(['Error', 'No property data found to save.']);
    expect(toasts.saveFailed).toEqual(['Save Failed', 'Unable to save property. Please try again.']);
    expect(toasts.analyzeFailed[1]).toBe('Failed to analyze property. Please try again.');
    expect(toasts.updateFailed[1]).toBe('Failed to update property. Please try again.');
    expect(toasts.refreshFailed[1]).toBe('Failed to refresh valuation. Please try again.');
    expect(toasts.landingNotFound[0]).toBe('Property Not Found');
    expect(toasts.landingNotFound[1]).toMatch(/^We couldn't find details for this address/);
    expect(toasts.landingFailed[0]).toBe('Analysis Failed');
    expect(toasts.landingFailed[1]).toMatch(/^Something went wrong/);
  });

  it("puts the API's reason into 'Save Failed: Unable to save property to your account: {reason}'", () => {
    expect(saveFailedWithReason(errorReason(new Error('400: {"message":"City is required"}')))).toEqual([
      'Save Failed',
      'Unable to save property to your account: City is required',
    ]);
    expect(errorReason(new Error('502: Bad Gateway'))).toBe('Bad Gateway');
    expect(errorReason('offline')).toBe('offline');
  });
});
