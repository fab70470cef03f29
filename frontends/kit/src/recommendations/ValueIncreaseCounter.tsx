import { Card, Flex, Progress, Typography } from 'antd';
import { formatCurrency } from '../format/format';
import { valueAnimationMs, valueIncreaseCeiling } from '../ai/aiTexts';
import { useAnimatedNumber } from '../ai/useAnimatedNumber';

/** "Potential Value Increase": the value all recommendations could add, with a bar toward $50,000+. */
export function ValueIncreaseCounter({ total }: { total: number }) {
  const shown = useAnimatedNumber(total, valueAnimationMs);
  const percent = Math.min(100, Math.round((total / valueIncreaseCeiling) * 100));
  return (
    <Card data-testid="value-increase-counter" styles={{ body: { padding: 20 } }}>
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Text strong style={{ fontSize: 15 }}>
          Potential Value Increase
        </Typography.Text>
        <span data-testid="potential-value-increase" style={{ fontSize: 28, fontWeight: 700, color: '#15803d' }}>
          {formatCurrency(shown)}
        </span>
      </Flex>
      <Progress
        percent={percent}
        showInfo={false}
        strokeColor="#16a34a"
        aria-label="Potential value increase toward $50,000+"
        aria-valuetext={`${formatCurrency(total)} of $50,000+`}
      />
      <Flex justify="space-between">
        <Typography.Text type="secondary">$0</Typography.Text>
        <Typography.Text type="secondary">{formatCurrency(valueIncreaseCeiling)}+</Typography.Text>
      </Flex>
    </Card>
  );
}
