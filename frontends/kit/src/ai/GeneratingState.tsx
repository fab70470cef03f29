import { Flex, Spin, Typography } from 'antd';
import { useRotatingMessage } from './useRotatingMessage';

export interface GeneratingStateProps {
  title: string;
  messages: readonly string[];
  intervalMs: number;
}

/** A pending state with playful messages that change every few seconds (announced politely). */
export function GeneratingState({ title, messages, intervalMs }: GeneratingStateProps) {
  const message = useRotatingMessage(messages, intervalMs);
  return (
    <Flex vertical align="center" gap={14} style={{ padding: '40px 16px', textAlign: 'center' }} aria-busy="true" data-testid="generating">
      <Spin size="large" />
      <Typography.Title level={3} style={{ margin: 0, fontSize: 20 }}>
        {title}
      </Typography.Title>
      <p role="status" aria-live="polite" style={{ margin: 0, fontSize: 15, color: '#4b5567', minHeight: 24 }}>
        {message}
      </p>
    </Flex>
  );
}
