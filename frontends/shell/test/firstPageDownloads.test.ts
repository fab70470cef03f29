import { describe, expect, it } from 'vitest';
import { firstPageNeeds } from '../src/routing/firstPageDownloads';
import { remotePages } from '../src/remotes/remotePages';

const needs = (pathname: string, search = '') => firstPageNeeds(pathname, new URLSearchParams(search));

describe('what the first page downloads as the shell starts', () => {
  it('/ with no owner or demo query: the landing page, without antd', () => {
    expect(needs('/')).toEqual({ page: remotePages.landing, antd: false });
    expect(needs('/', 'address=1%20Main%20St')).toEqual({ page: remotePages.landing, antd: false });
  });

  it.each(['propertyId=p1&step=2', 'fromLogin=true', 'demo=true', 'propertyId=demo'])('/ with %s: the wizard and antd', (search) => {
    expect(needs('/', search)).toEqual({ page: remotePages.wizard, antd: true });
  });

  it('the other remote pages with antd', () => {
    expect(needs('/add-property')).toEqual({ page: remotePages.wizard, antd: true });
    expect(needs('/save-property')).toEqual({ page: remotePages.saveProperty, antd: true });
    expect(needs('/dashboard')).toEqual({ page: remotePages.dashboard, antd: true });
    expect(needs('/dashboard/')).toEqual({ page: remotePages.dashboard, antd: true });
  });

  it("nothing for the shell's own pages", () => {
    expect(needs('/recommendations', 'propertyId=p1')).toBeNull();
    expect(needs('/listing', 'propertyId=p1')).toBeNull();
    expect(needs('/no-such-page')).toBeNull();
  });
});
