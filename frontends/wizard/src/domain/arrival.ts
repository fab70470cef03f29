/**
 * Navigation state asking the demo analysis to say 'Demo Property Analysis Ready' when it appears: a toast asked
 * for before the navigation would show over the page being left while the analysis still loads.
 */
export const announceDemoReady = { state: { announce: 'demoReady' } } as const;

/** Does this navigation state ask for that toast? */
export function asksDemoReady(state: unknown): boolean {
  return (state as { announce?: unknown } | null)?.announce === announceDemoReady.state.announce;
}
