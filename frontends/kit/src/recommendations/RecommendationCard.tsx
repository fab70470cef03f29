import type { CSSProperties, MouseEvent } from 'react';
import { Card, Checkbox, Flex, Tag, Typography } from 'antd';
import { roiPercent, type Recommendation } from '@hsa/contracts';
import { formatCurrency } from '../format/format';
import { priorityStyles } from './priority';

export interface RecommendationCardProps {
  recommendation: Recommendation;
  selected: boolean;
  onToggle: (id: string) => void;
}

const styles = {
  figures: { display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 8, margin: 0 },
  figureLabel: { fontSize: 12, color: '#4b5567', margin: 0 },
  figureValue: { fontSize: 16, fontWeight: 700, margin: 0 },
  source: { fontSize: 12, color: '#4b5567' },
  loss: { margin: 0, fontSize: 14, fontWeight: 600, color: '#b91c1c' },
} satisfies Record<string, CSSProperties>;

/**
 * One selectable improvement: title, priority (with its colour), description, investment, value increase, ROI. A
 * project that costs more than it adds says so next to its priority: a priority is never a promise of profit.
 */
export function RecommendationCard({ recommendation: r, selected, onToggle }: RecommendationCardProps) {
  const priority = priorityStyles[r.priority];
  const roi = roiPercent(r.roi);
  // A click anywhere on the card toggles it; the checkbox (with its label) handles its own clicks and the keyboard.
  const onCardClick = (event: MouseEvent<HTMLElement>) => {
    if (!(event.target as HTMLElement).closest('label, button, a')) onToggle(r.id);
  };
  return (
    <Card
      data-testid="recommendation-card"
      data-selected={selected}
      onClick={onCardClick}
      style={{
        height: '100%',
        cursor: 'pointer',
        borderLeft: `4px solid ${priority.border}`,
        boxShadow: selected ? '0 0 0 2px #1f5eff' : undefined,
      }}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12, height: '100%', padding: 18 } }}
    >
      <Flex justify="space-between" align="flex-start" gap={10}>
        <Checkbox checked={selected} onChange={() => onToggle(r.id)} style={{ fontWeight: 600, fontSize: 16 }}>
          {r.title}
        </Checkbox>
        <Tag style={{ color: priority.color, background: priority.background, borderColor: priority.border, marginInlineEnd: 0, whiteSpace: 'nowrap' }}>
          {priority.label}
        </Tag>
      </Flex>
      {r.estimatedValueIncrease < r.estimatedCost ? (
        <p style={styles.loss} data-testid="no-payback">
          Does not pay back: it costs {formatCurrency(r.estimatedCost - r.estimatedValueIncrease)} more than it adds at sale.
        </p>
      ) : null}
      <Typography.Text type="secondary" style={{ fontSize: 12, textTransform: 'uppercase', letterSpacing: '0.04em' }}>
        {r.category}
      </Typography.Text>
      <Typography.Paragraph style={{ margin: 0 }}>{r.description}</Typography.Paragraph>
      <dl style={{ ...styles.figures, marginTop: 'auto' }}>
        <div>
          <dt style={styles.figureLabel}>Investment</dt>
          <dd style={styles.figureValue}>{formatCurrency(r.estimatedCost)}</dd>
        </div>
        <div>
          <dt style={styles.figureLabel}>Value increase</dt>
          <dd style={styles.figureValue}>{formatCurrency(r.estimatedValueIncrease)}</dd>
        </div>
        <div>
          <dt style={styles.figureLabel}>ROI</dt>
          <dd style={{ ...styles.figureValue, color: roi >= 0 ? '#15803d' : '#b91c1c' }}>{roi}%</dd>
        </div>
      </dl>
      {r.source ? <span style={styles.source}>Source: {r.source}</span> : null}
    </Card>
  );
}
