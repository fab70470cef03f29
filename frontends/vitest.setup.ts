import { configure } from '@testing-library/react';

// Pages load widgets lazily; on a loaded two-core machine that can take longer than the library's 1 s default.
configure({ asyncUtilTimeout: 5000 });
