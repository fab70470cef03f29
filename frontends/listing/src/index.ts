// The asynchronous boundary lets Module Federation negotiate shared libraries before any import runs.
import('./bootstrap');
