import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import LazyCardTabs from '../build/lazy-antd/card-tabs';
import { installJsdomShims } from '../src/testing';

beforeAll(installJsdomShims);

describe("the stand-in for antd Card's Tabs", () => {
  it('renders the tabs once their code has loaded', async () => {
    render(
      <LazyCardTabs
        activeKey="a"
        items={[
          { key: 'a', label: 'Alpha' },
          { key: 'b', label: 'Beta' },
        ]}
      />,
    );
    expect(await screen.findByRole('tab', { name: 'Alpha' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Beta' })).toBeTruthy();
  });
});
