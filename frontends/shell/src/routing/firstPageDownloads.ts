import { appRoutePath } from '@hsa/contracts';
import { loadAntdFrame } from '../antd/loadAntdFrame';
import { prefetchRemoteComponent } from '../remotes/remoteRegistry';
import { remotePages, type RemotePage } from '../remotes/remotePages';
import { landingIsLikely } from './homeView';

export interface FirstPageNeeds {
  page: RemotePage;
  antd: boolean;
}

/**
 * The remote page (and whether antd) the page at this URL is likely to need, told from the URL alone, before the
 * current user is known; null when the shell shows a page of its own. `/` is the landing page unless its query
 * asks for the demo or an owner's wizard (see landingIsLikely); a guess that turns out wrong costs one download.
 */
export function firstPageNeeds(pathname: string, query: URLSearchParams): FirstPageNeeds | null {
  switch (appRoutePath(pathname)) {
    case '/':
      return landingIsLikely(query) ? { page: remotePages.landing, antd: false } : { page: remotePages.wizard, antd: true };
    case '/add-property':
      return { page: remotePages.wizard, antd: true };
    case '/save-property':
      return { page: remotePages.saveProperty, antd: true };
    case '/dashboard':
      return { page: remotePages.dashboard, antd: true };
    default:
      return null;
  }
}

/**
 * Starts downloading what the first page needs as the shell starts, beside React's own chunks, instead of after
 * React has rendered the page that asks for it: a round trip or two sooner on a slow network. Errors surface when
 * the page asks (its remote's error card, antd's loading again).
 */
export function startFirstPageDownloads(location: Pick<Location, 'pathname' | 'search'>): void {
  const needs = firstPageNeeds(location.pathname, new URLSearchParams(location.search));
  if (!needs) return;
  if (needs.antd) loadAntdFrame().catch(() => {});
  prefetchRemoteComponent(needs.page.remote, needs.page.module);
}
