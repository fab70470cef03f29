import { describe, expect, it } from 'vitest';
import {
  accountClaims,
  avatarSvg,
  EMAIL_INVALID_MESSAGE,
  EMAIL_REQUIRED_MESSAGE,
  initialsOf,
  isValidEmail,
  NAME_TOO_LONG_MESSAGE,
  nameFromEmail,
  normalizeEmail,
  signIn,
  splitName,
  subjectForEmail,
} from '../src/domain';

describe('name splitting', () => {
  it('takes the first word as the given name and the rest as the family name', () => {
    expect(splitName('Jane van Dyke')).toEqual({ name: 'Jane van Dyke', givenName: 'Jane', familyName: 'van Dyke' });
  });

  it('collapses whitespace and strips control characters first', () => {
    expect(splitName('  Ada \t\n  Lovelace\u0000 ')).toEqual({ name: 'Ada Lovelace', givenName: 'Ada', familyName: 'Lovelace' });
  });

  it('leaves the family name empty for a single word', () => {
    expect(splitName('Cher')).toEqual({ name: 'Cher', givenName: 'Cher', familyName: '' });
  });

  it('derives a name from the local part of an email', () => {
    expect(nameFromEmail('jane.doe+test@example.com')).toBe('Jane Doe');
    expect(nameFromEmail('mary_ann-smith@example.com')).toBe('Mary Ann Smith');
    expect(nameFromEmail('bob@example.com')).toBe('Bob');
  });

  it('makes up to two initials', () => {
    expect(initialsOf('Jane van Dyke')).toBe('JD');
    expect(initialsOf('jane')).toBe('J');
    expect(initialsOf('  ')).toBe('?');
  });
});

describe('email', () => {
  it('normalises case and surrounding space', () => {
    expect(normalizeEmail('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
  });

  it.each(['jane@example.com', 'a.b+c@sub.example.co.uk'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(['', 'jane', 'jane@', '@example.com', 'jane@example', 'ja ne@example.com', 'jane@@example.com', 'jane@example..com', `${'a'.repeat(250)}@x.io`])(
    'rejects %j',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );
});

describe('subject', () => {
  it('is stable for the same email whatever its case or surrounding space', () => {
    const sub = subjectForEmail('jane@example.com');
    expect(sub).toMatch(/^[0-9a-f]{64}$/);
    expect(subjectForEmail('  JANE@Example.com ')).toBe(sub);
  });

  it('differs between emails', () => {
    expect(subjectForEmail('jane@example.com')).not.toBe(subjectForEmail('john@example.com'));
  });
});

describe('signIn', () => {
  it('builds an account from the form', () => {
    const result = signIn({ email: ' Jane@Example.com ', name: ' Jane  Doe ' });
    expect(result).toEqual({
      ok: true,
      account: { sub: subjectForEmail('jane@example.com'), email: 'jane@example.com', name: 'Jane Doe', givenName: 'Jane', familyName: 'Doe' },
    });
  });

  it('keeps the known name when the form leaves it empty, else derives one from the email', () => {
    expect(signIn({ email: 'jane@example.com', name: '' }, { name: 'Jane Doe' })).toMatchObject({ ok: true, account: { name: 'Jane Doe' } });
    expect(signIn({ email: 'jane.roe@example.com', name: ' ' })).toMatchObject({
      ok: true,
      account: { name: 'Jane Roe', givenName: 'Jane', familyName: 'Roe' },
    });
  });

  it('a typed name replaces the known one', () => {
    expect(signIn({ email: 'jane@example.com', name: 'Janet Doe' }, { name: 'Jane Doe' })).toMatchObject({ ok: true, account: { name: 'Janet Doe' } });
  });

  it('reports a missing or invalid email and an overlong name', () => {
    expect(signIn({ email: '  ', name: '' })).toEqual({ ok: false, errors: { email: EMAIL_REQUIRED_MESSAGE } });
    expect(signIn({ email: 'not-an-email', name: 'x'.repeat(101) })).toEqual({
      ok: false,
      errors: { email: EMAIL_INVALID_MESSAGE, name: NAME_TOO_LONG_MESSAGE },
    });
  });
});

describe('claims and avatar', () => {
  it('maps an account to the standard OIDC claims', () => {
    const result = signIn({ email: 'jane@example.com', name: 'Jane Doe' });
    if (!result.ok) throw new Error('sign-in failed');
    expect(accountClaims(result.account, 'http://id.test/avatars/x.svg')).toEqual({
      sub: result.account.sub,
      email: 'jane@example.com',
      email_verified: true,
      name: 'Jane Doe',
      given_name: 'Jane',
      family_name: 'Doe',
      picture: 'http://id.test/avatars/x.svg',
    });
  });

  it('draws the initials in an SVG, escaping markup, with a colour fixed by the subject', () => {
    const svg = avatarSvg('abc', 'Jane Doe');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('>JD</text>');
    expect(avatarSvg('abc', 'Other Name').match(/fill="(#[0-9a-f]{6})"/)?.[1]).toBe(svg.match(/fill="(#[0-9a-f]{6})"/)?.[1]);
    expect(avatarSvg('abc', '<b> "x"')).not.toContain('<b>');
    expect(avatarSvg('abc', undefined)).toContain('>?</text>');
  });
});
