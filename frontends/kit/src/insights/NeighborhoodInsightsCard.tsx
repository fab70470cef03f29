import type { CSSProperties, ReactNode } from 'react';
import { Alert, Button, Card, Flex, Spin, Tabs, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import type { NeighborhoodInsights } from '@hsa/contracts';
import { currentPath, loginUrl } from '../auth/navigation';
import { formatCurrency } from '../format/format';
import { useNeighborhoodInsights } from '../ai/aiApi';
import { neighborhoodError, neighborhoodLoginLabel, neighborhoodMessages, rotation } from '../ai/aiTexts';
import { useRotatingMessage } from '../ai/useRotatingMessage';
import { DataCredits } from './DataCredits';
import { PlaceList } from './PlaceList';
import { PreviewShapes } from './PreviewShapes';
import { ScoreValue } from './ScoreValue';
import { ScoringExplanation } from './ScoringExplanation';
import './insightsTabs.css';

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

/** A list of short texts, or a plain statement that there is no data for it. */
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

/** Where the home lies: its City of Sacramento neighborhood, its census tract. */
function AreaLine({ insights }: { insights: NeighborhoodInsights }) {
  const { neighborhood, tract } = insights.area;
  if (!neighborhood && !tract) return null;
  return (
    <p style={{ margin: '0 0 12px' }} data-testid="neighborhood-area">
      {neighborhood ? (
        <>
          Neighborhood: <strong>{neighborhood.name}</strong> <span style={styles.muted}>({neighborhood.source})</span>
          {tract ? ' · ' : ''}
        </>
      ) : null}
      {tract ? (
        <>
          <strong>{tract.name}</strong> <span style={styles.muted}>({tract.source})</span>
        </>
      ) : null}
    </p>
  );
}

function MarketFigures({ insights }: { insights: NeighborhoodInsights }) {
  const s = insights.marketStats;
  const tract = insights.area.tract;
  const rows: [string, string][] = [];
  if (s.salesCount > 0) {
    rows.push(['Recorded sales', `${s.salesCount}${s.radiusMiles !== null ? ` within ${s.radiusMiles} mi` : ''}`]);
    if (s.medianSalePrice !== null) rows.push(['Median sale price', formatCurrency(s.medianSalePrice)]);
    if (s.medianPricePerSqft !== null) rows.push(['Median price per sq ft', formatCurrency(s.medianPricePerSqft)]);
    if (s.medianTimeAdjustedPrice !== null && s.valueDate) rows.push([`At ${s.valueDate} prices`, formatCurrency(s.medianTimeAdjustedPrice)]);
    if (s.priceIndexChangePercent !== null) rows.push(['Price index change since', `${s.priceIndexChangePercent > 0 ? '+' : ''}${s.priceIndexChangePercent}%`]);
  }
  if (tract?.medianHouseValue2000) {
    rows.push(['Tract median house value, 2000 census', formatCurrency(tract.medianHouseValue2000)]);
    if (tract.medianHouseValueToday !== null && tract.valueDate) rows.push([`Same, at ${tract.valueDate} prices (price index)`, formatCurrency(tract.medianHouseValueToday)]);
  }
  if (rows.length === 0) return null;
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
  const { familyFriendly, walkability, dining, lifestyle, marketContext, scoring } = insights;
  const scores = {
    family: <ScoreValue label="Family friendly" score={familyFriendly.score} reason={scoring.familyFriendly.reason} />,
    walk: <ScoreValue label="Walkability" score={walkability.score} reason={scoring.walkability.reason} />,
    dining: <ScoreValue label="Dining" score={dining.score} reason={scoring.dining.reason} />,
  };
  const items = [
    {
      key: 'overview',
      label: 'Overview',
      children: (
        <>
          <AreaLine insights={insights} />
          <div style={{ ...styles.grid, marginBottom: 12 }}>
            {scores.family}
            {scores.walk}
            {scores.dining}
          </div>
          <ScoringExplanation insights={insights} />
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
          <div style={{ ...styles.grid, marginBottom: 12 }}>{scores.family}</div>
          <Typography.Paragraph>{familyFriendly.description}</Typography.Paragraph>
          <Section title="Nearby schools">
            <PlaceList label="Nearby schools" places={familyFriendly.nearbySchools} none="No school data available." />
          </Section>
          <Section title="Parks">
            <PlaceList label="Parks" places={familyFriendly.parks} none="No park data available." />
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
            {scores.walk}
            {scores.dining}
          </div>
          <Section title="Walkability">
            <Typography.Paragraph style={{ margin: 0 }}>{walkability.description}</Typography.Paragraph>
            <PlaceList label="Nearby amenities" places={walkability.nearbyAmenities} none="No amenity data available." />
          </Section>
          <Section title="Dining">
            <Typography.Paragraph style={{ margin: 0 }}>{dining.description}</Typography.Paragraph>
            <PlaceList label="Restaurants" places={dining.restaurants} none="No restaurant data available." />
            <p style={{ margin: '6px 0 0' }}>
              <span style={styles.muted}>Variety: </span>
              {dining.diversity || 'No data available'}
            </p>
          </Section>
          <Section title="Lifestyle">
            <Typography.Paragraph style={{ margin: 0 }}>{lifestyle.description}</Typography.Paragraph>
            <ItemsOrNone label="Key features" items={lifestyle.keyFeatures} none="No data available." />
          </Section>
          <Section title="What the location offers a buyer">
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
        </>
      ),
    },
  ];
  return (
    <>
      <Tabs items={items} className="hsa-insights-tabs" />
      <DataCredits sources={insights.sources} market={insights.marketStats.dataSource} />
    </>
  );
}

/**
 * Neighborhood insights: tabs Overview, Family Life, Lifestyle and Market, scores as n/10 ("No data" and why where
 * there is none) with "How is this scored?", real places with distances and sources, the data credits, ten
 * loading messages every 2 s, the spec's error message, and in demo mode shapes behind 'Login to View Neighborhood
 * Analysis'.
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
        <div style={{ filter: 'blur(3px)' }} inert>
          <PreviewShapes />
        </div>
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
