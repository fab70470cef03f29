import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Pages load widgets lazily; on a loaded two-core machine that can take longer than the library's 1 s default.
configure({ asyncUtilTimeout: 5000 });

// The files of a worker share one document (vitest.config.mts): nothing a test renders or fakes outlives it.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
