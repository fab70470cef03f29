import { startFirstPageDownloads } from './routing/firstPageDownloads';

startFirstPageDownloads(window.location);
// The asynchronous boundary lets Module Federation negotiate shared libraries before any import runs.
import('./bootstrap');
