import { describe, expect, it } from 'vitest';
import { isAcceptableAddress } from '../src/domain/addressRule';
import { toasts } from '../src/domain/messages';

describe('the address acceptance rule (spec section 5)', () => {
  it.each([
    ['51 Omaha Ct, Sacramento', '10+ characters with a comma'],
    ['Omaha Court, Sacramento', 'a comma needs no street number'],
    ['Main St, CA', 'exactly 11 characters with a comma'],
    ['3526 HIGH ST', 'a street number and a word'],
    ['3526 High', '9 characters: a number and a word'],
    ['123 4th Ave', 'the word may start with digits'],
    ['9b Elm St', 'a number with a letter suffix'],
    ['  3526 High St  ', 'outer spaces do not count'],
  ])('accepts %j (%s)', (address) => {
    expect(isAcceptableAddress(address)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['High St', 'no number, no comma'],
    ['Sacramento', 'a city alone'],
    ['a, bcdefg', 'a comma but only 9 characters'],
    ['12 Abcd', 'a number and a word but only 7 characters'],
    ['35261234', 'digits only'],
    ['3526 1234', 'a number followed by another number'],
    ['High St 3526', 'the number is not first'],
  ])('refuses %j (%s)', (address) => {
    expect(isAcceptableAddress(address)).toBe(false);
  });

  it("asks for a complete address with the spec's words", () => {
    expect(toasts.selectCompleteAddress).toEqual([
      'Please Select Complete Address',
      'Please select a full address from the suggestions dropdown for best results.',
    ]);
  });
});
