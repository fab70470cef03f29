import { Suspense, lazy, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router';
import { NavigationProgress } from '../src/layout/NavigationProgress';
import { ShellRouter } from '../src/routing/ShellRouter';

/** A page whose code arrives when the test says so, like a remote's chunk on a slow network. */
function slowPage() {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<{ default: ComponentType }>((resolve) => {
    arrive = () => resolve({ default: () => <h1>Next page</h1> });
  });
  return { Page: lazy(() => arrived), arrive };
}

describe('the shell router', () => {
  it('keeps the page on screen with a progress bar while the next one loads, then shows it', async () => {
    window.history.replaceState(null, '', '/');
    const next = slowPage();
    render(
      <ShellRouter>
        <NavigationProgress />
        <Suspense fallback={<p>First load</p>}>
          <Routes>
            <Route path="/" element={<Link to="/next">Go on</Link>} />
            <Route path="/next" element={<next.Page />} />
          </Routes>
        </Suspense>
      </ShellRouter>,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Go on' })));
    expect(window.location.pathname).toBe('/next');
    expect(screen.getByRole('link', { name: 'Go on' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Loading the next page' })).toBeTruthy();
    expect(screen.queryByText('First load')).toBeNull();

    await act(async () => next.arrive());
    expect(await screen.findByRole('heading', { name: 'Next page' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('follows the browser back button', async () => {
    window.history.replaceState(null, '', '/');
    render(
      <ShellRouter>
        <Routes>
          <Route path="/" element={<Link to="/other">Other</Link>} />
          <Route path="/other" element={<h1>Other page</h1>} />
        </Routes>
      </ShellRouter>,
    );
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Other' })));
    expect(await screen.findByRole('heading', { name: 'Other page' })).toBeTruthy();
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(await screen.findByRole('link', { name: 'Other' })).toBeTruthy();
  });
});
