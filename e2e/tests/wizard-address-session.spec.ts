import type { Page, Request } from '@playwright/test';
import { control, expect, test } from '../support/fixtures';
import { addressBox, chooseSuggestion, sacramento, unknownAddress } from '../support/wizard';

/**
 * The address box's autocomplete session (Google Places bills predictions per session, ended by the lookup's
 * Place Details): every search of one session carries the same token, the lookup that follows carries it too, and
 * the next session has a new one. The embedded address index ignores the token; this checks what the browser sends.
 */

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The session tokens the page sends: on each search, and on each lookup (with the place id it names, if any). */
function recordSessions(page: Page) {
  const searches: (string | null)[] = [];
  const lookups: { sessionToken?: string; placeId?: string; address: string }[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/address-autocomplete') searches.push(url.searchParams.get('sessionToken'));
    if (url.pathname === '/api/properties/lookup' && request.method() === 'POST') lookups.push(request.postDataJSON() as never);
  });
  return { searches, lookups };
}

test('a chosen suggestion: every search and the lookup share one session token', async ({ page }) => {
  const sent = recordSessions(page);
  await page.goto('/');
  await chooseSuggestion(page, sacramento.highSt.typed, sacramento.highSt.street);
  await expect(page).toHaveURL(/\/\?demo=true&step=2$/);

  expect(sent.searches.length).toBeGreaterThan(0);
  const [token] = sent.searches;
  expect(token).toMatch(uuidV4);
  expect(new Set(sent.searches)).toEqual(new Set([token]));
  expect(sent.lookups).toEqual([{ address: sacramento.highSt.full, placeId: expect.any(String), sessionToken: token }]);
});

test('a typed address ends its session too, and the next session has a new token', async ({ page }) => {
  const sent = recordSessions(page);
  await page.goto('/?demo=true');
  await expect(page.getByRole('heading', { level: 1, name: 'Which property are you selling?' })).toBeVisible();

  // Typed in full and looked up without choosing a suggestion (not found: the demo stays at step 1).
  await addressBox(page).pressSequentially(unknownAddress, { delay: 10 });
  await expect.poll(() => sent.searches.length).toBeGreaterThan(0);
  await control(page, 'Find My Property').click();
  await expect.poll(() => sent.lookups.length).toBe(1);
  const first = sent.searches[0]!;
  expect(first).toMatch(uuidV4);
  expect(sent.lookups[0]).toEqual({ address: unknownAddress, sessionToken: first });

  // The next search belongs to a new session.
  const before = sent.searches.length;
  await addressBox(page).fill('');
  await addressBox(page).pressSequentially(sacramento.omahaCt.typed, { delay: 20 });
  await expect.poll(() => sent.searches.length).toBeGreaterThan(before);
  const next = sent.searches.at(-1)!;
  expect(next).toMatch(uuidV4);
  expect(next).not.toBe(first);
});
