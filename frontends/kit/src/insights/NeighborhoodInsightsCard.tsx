import type { CSSProperties, ReactNode } from 'react';
import { Alert, Button, Card, Flex, Spin, Tabs, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import type { NeighborhoodInsights } from '@hsa/contracts';
import { currentPath, loginUrl } from '../auth/navigation';
import { formatCurrency } from '../format/format';
import { useNeighborhoodInsights } from '../ai/aiApi';
import { neighborhoodError, neighborhoodLoginLabel, neighborhoodMessages, rotation } from '../ai/aiTexts';
import { useRotatingMessage } from '../ai/useRotatingMessage';
import { ScoreValue } from './ScoreValue';

export interface NeighborhoodInsightsCardProps {
  /** The saved property (null for a draft or the demo: nothing is fetched). */
  propertyId: string | null;
  /** Demo mode: the card is blurred behind 'Login to View Neighborhood Analysis' and nothing is fetched. */
  demo?: boolean;
  /** What the demo button does (default: sign in and come back here). */
  onLogin?: () => void;
  /** The demo button's text (default 'Login to View Neighborhood Analysis'; e.g. 'Save Now' after a failed auto-save). */
  loginLabel?: string;
  loginLoading?: boolean;
  /** The card's heading level 2 text. */
  title?: string;
}

const styles = {
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', gap: 12 },
  section: { margin: '0 0 6px', fontSize: 16 },
  list: { margin: '4px 0 0', paddingInlineStart: 20 },
  muted: { color: '#4b5567' },
} satisfies Record<string, CSSProperties>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section style={{ marginBottom: 16 }}>
      <h3 style={styles.section}>{title}</h3>
      {children}
    </section>
  );
}

/** A list, or a plain statement that there is no data for it. */
function ItemsOrNone({ label, items, none }: { label: string; items: string[]; none: string }) {
  if (items.length === 0) return <p style={{ ...styles.muted, margin: '4px 0 0' }}>{none}</p>;
  return (
    <ul aria-label={label} style={styles.list}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

function Loading() {
  const message = useRotatingMessage(neighborhoodMessages, rotation.neighborhoodMs);
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '28px 8px' }} aria-busy="true" data-testid="neighborhood-loading">
      <Spin />
      <p role="status" aria-live="polite" style={{ margin: 0, ...styles.muted }}>
        {message}
      </p>
    </Flex>
  );
}

function MarketFigures({ insights }: { insights: NeighborhoodInsights }) {
  const s = insights.marketStats;
  if (s.salesCount === 0) return null;
  const rows: [string, string][] = [
    ['Recorded sales', `${s.salesCount}${s.radiusMiles !== null ? ` within ${s.radiusMiles} mi` : ''}`],
    ...(s.medianSalePrice !== null ? [['Median sale price', formatCurrency(s.medianSalePrice)] as [string, string]] : []),
    ...(s.medianPricePerSqft !== null ? [['Median price per sq ft', formatCurrency(s.medianPricePerSqft)] as [string, string]] : []),
    ...(s.medianTimeAdjustedPrice !== null && s.valueDate
      ? [[`At ${s.valueDate} prices`, formatCurrency(s.medianTimeAdjustedPrice)] as [string, string]]
      : []),
    ...(s.priceIndexChangePercent !== null
      ? [['Price index change since', `${s.priceIndexChangePercent > 0 ? '+' : ''}${s.priceIndexChangePercent}%`] as [string, string]]
      : []),
  ];
  return (
    <dl style={{ ...styles.grid, margin: '0 0 16px' }}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt style={{ ...styles.muted, fontSize: 13 }}>{label}</dt>
          <dd style={{ margin: 0, fontWeight: 700, fontSize: 18 }}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function InsightsTabs({ insights }: { insights: NeighborhoodInsights }) {
  const { familyFriendly, walkability, dining, lifestyle, marketContext } = insights;
  const items = [
    {
      key: 'overview',
      label: 'Overview',
      children: (
        <>
          <div style={{ ...styles.grid, marginBottom: 16 }}>
            <ScoreValue label="Family friendly" score={familyFriendly.score} />
            <ScoreValue label="Walkability" score={walkability.score} />
            <ScoreValue label="Dining" score={dining.score} />
          </div>
          <Typography.Paragraph>{lifestyle.description}</Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 0 }}>{marketContext.description}</Typography.Paragraph>
        </>
      ),
    },
    {
      key: 'family',
      label: 'Family Life',
      children: (
        <>
          <div style={{ ...styles.grid, marginBottom: 12 }}>
            <ScoreValue label="Family friendly" score={familyFriendly.score} />
          </div>
          <Typography.Paragraph>{familyFriendly.description}</Typography.Paragraph>
          <Section title="Nearby schools">
            <ItemsOrNone label="Nearby schools" items={familyFriendly.nearbySchools} none="No school data available." />
          </Section>
          <Section title="Parks">
            <ItemsOrNone label="Parks" items={familyFriendly.parks} none="No park data available." />
          </Section>
        </>
      ),
    },
    {
      key: 'lifestyle',
      label: 'Lifestyle',
      children: (
        <>
          <div style={{ ...styles.grid, marginBottom: 12 }}>
            <ScoreValue label="Walkability" score={walkability.score} />
            <ScoreValue label="Dining" score={dining.score} />
          </div>
          <Section title="Walkability">
            <Typography.Paragraph style={{ margin: 0 }}>{walkability.description}</Typography.Paragraph>
            <ItemsOrNone label="Nearby amenities" items={walkability.nearbyAmenities} none="No amenity data available." />
          </Section>
          <Section title="Dining">
            <Typography.Paragraph style={{ margin: 0 }}>{dining.description}</Typography.Paragraph>
            <ItemsOrNone label="Restaurants" items={dining.restaurants} none="No restaurant data available." />
            <p style={{ margin: '6px 0 0' }}>
              <span style={styles.muted}>Diversity: </span>
              {dining.diversity || 'No data available'}
            </p>
          </Section>
          <Section title="Lifestyle">
            <Typography.Paragraph style={{ margin: 0 }}>{lifestyle.description}</Typography.Paragraph>
            <ItemsOrNone label="Key features" items={lifestyle.keyFeatures} none="No data available." />
          </Section>
          <Section title="Typical buyers">
            <Typography.Paragraph style={{ margin: 0 }}>{lifestyle.buyerProfile}</Typography.Paragraph>
          </Section>
        </>
      ),
    },
    {
      key: 'market',
      label: 'Market',
      children: (
        <>
          <MarketFigures insights={insights} />
          <Typography.Paragraph>{marketContext.description}</Typography.Paragraph>
          <Section title="What drives value here">
            <ItemsOrNone label="Value drivers" items={marketContext.valueDrivers} none="No market data available." />
          </Section>
          {insights.marketStats.dataSource ? (
            <Typography.Paragraph type="secondary" style={{ fontSize: 13, marginBottom: 0 }}>
              Source: {insights.marketStats.dataSource}
            </Typography.Paragraph>
          ) : null}
        </>
      ),
    },
  ];
  return <Tabs items={items} />;
}

/** The blurred stand-in shown in demo mode: layout only, no figures. */
function DemoPreview() {
  return (
    <div style={{ ...styles.grid, filter: 'blur(4px)', userSelect: 'none' }} aria-hidden="true" inert>
      {['Family friendly', 'Walkability', 'Dining', 'Market'].map((label) => (
        <div key={label} style={{ border: '1px solid #e5e7eb', borderRadius: 10, padding: 14 }}>
          <p style={{ margin: 0 }}>{label}</p>
          <p style={{ margin: 0, fontSize: 24, fontWeight: 700 }}>?/10</p>
        </div>
      ))}
    </div>
  );
}

/**
 * Neighborhood insights: tabs Overview, Family Life, Lifestyle and Market, scores as n/10 ("No data" where
 * there is none), ten loading messages every 2 s, the spec's error message, and in demo mode a blurred card
 * behind 'Login to View Neighborhood Analysis'.
 */
export function NeighborhoodInsightsCard({
  propertyId,
  demo = false,
  onLogin,
  loginLabel = neighborhoodLoginLabel,
  loginLoading = false,
  title = 'Neighborhood Insights',
}: NeighborhoodInsightsCardProps) {
  const query = useNeighborhoodInsights(propertyId, !demo);
  const login = onLogin ?? (() => window.location.assign(loginUrl(currentPath())));
  let body: ReactNode;
  if (demo) {
    body = (
      <div style={{ position: 'relative' }}>
        <DemoPreview />
        <Flex vertical align="center" justify="center" gap={10} style={{ position: 'absolute', inset: 0, background: 'rgba(255,255,255,0.6)' }}>
          <LockOutlined aria-hidden style={{ fontSize: 22 }} />
          <Button type="primary" onClick={login} loading={loginLoading}>
            {loginLabel}
          </Button>
        </Flex>
      </div>
    );
  } else if (!propertyId || query.isError) {
    body = <Alert type="error" showIcon title={neighborhoodError} data-testid="neighborhood-error" />;
  } else if (query.isPending) {
    body = <Loading />;
  } else {
    body = <InsightsTabs insights={query.data} />;
  }
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{title}</h2>} data-testid="neighborhood-card">
      {body}
    </Card>
  );
}
