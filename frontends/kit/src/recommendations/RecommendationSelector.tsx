import { useMemo, useState, type CSSProperties } from 'react';
import { Card, Col, Divider, Flex, Row, Typography } from 'antd';
import { recommendationTotals, type Recommendation } from '@hsa/contracts';
import { formatCurrency } from '../format/format';
import { valueAnimationMs } from '../ai/aiTexts';
import { useAnimatedNumber } from '../ai/useAnimatedNumber';
import { RecommendationCard } from './RecommendationCard';

export interface RecommendationSelectorProps {
  recommendations: Recommendation[];
  /** The home's current estimate; the projected value is shown when it is known. */
  estimatedValue: number | null;
  /** Initially selected ids (default none). */
  defaultSelected?: string[];
  onSelectionChange?: (ids: string[]) => void;
}

const summaryStyles = {
  label: { fontSize: 13, color: '#4b5567', margin: 0 },
  value: { fontSize: 20, fontWeight: 700, margin: 0 },
} satisfies Record<string, CSSProperties>;

function SummaryFigure({ label, value, testId, color }: { label: string; value: string; testId: string; color?: string }) {
  return (
    <div>
      <dt style={summaryStyles.label}>{label}</dt>
      <dd style={{ ...summaryStyles.value, color }} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * The recommendation grid with a value calculator: select the improvements to make and see the count, the
 * total investment, the value increase, the projected value (animated over about 1 s, eased), the net profit
 * (value increase minus cost) and the overall ROI (net profit over cost, 0 when nothing costs anything).
 */
export function RecommendationSelector({ recommendations, estimatedValue, defaultSelected = [], onSelectionChange }: RecommendationSelectorProps) {
  const [selected, setSelected] = useState<Set<string>>(() => new Set(defaultSelected));
  const chosen = useMemo(() => recommendations.filter((r) => selected.has(r.id)), [recommendations, selected]);
  const totals = recommendationTotals(chosen);
  const projected = useAnimatedNumber((estimatedValue ?? 0) + totals.totalValueIncrease, valueAnimationMs);

  const toggle = (id: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      onSelectionChange?.([...next]);
      return next;
    });
  };

  return (
    <Flex vertical gap={20}>
      <Row gutter={[16, 16]} role="list" aria-label="Recommendations">
        {recommendations.map((r) => (
          <Col key={r.id} xs={24} md={12} xl={8} role="listitem">
            <RecommendationCard recommendation={r} selected={selected.has(r.id)} onToggle={toggle} />
          </Col>
        ))}
      </Row>
      <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>Your selection</h2>} data-testid="selection-summary">
        <dl style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', gap: 16, margin: 0 }}>
          <SummaryFigure label="Selected improvements" value={String(totals.count)} testId="selected-count" />
          <SummaryFigure label="Total investment" value={formatCurrency(totals.totalCost)} testId="total-investment" />
          <SummaryFigure label="Value increase" value={formatCurrency(totals.totalValueIncrease)} testId="total-value-increase" />
        </dl>
        <Divider style={{ margin: '16px 0' }} />
        <dl style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', gap: 16, margin: 0 }}>
          {estimatedValue !== null ? (
            <>
              <SummaryFigure label="Current value" value={formatCurrency(estimatedValue)} testId="current-value" />
              <SummaryFigure label="Projected value" value={formatCurrency(projected)} testId="projected-value" color="#1f5eff" />
            </>
          ) : null}
          <SummaryFigure label="Net profit" value={formatCurrency(totals.netProfit)} testId="net-profit" color={totals.netProfit < 0 ? '#b91c1c' : '#15803d'} />
          <SummaryFigure label="Overall ROI" value={`${totals.overallRoiPercent}%`} testId="overall-roi" />
        </dl>
        {estimatedValue === null ? (
          <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
            The projected value appears once this home has an estimate.
          </Typography.Paragraph>
        ) : null}
      </Card>
    </Flex>
  );
}
