import { Button, Card, Flex, Skeleton, Typography } from 'antd';
import { ReloadOutlined, BulbOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { Recommendation } from '@hsa/contracts';
import { useGenerateRecommendations, useRecommendations } from '../ai/aiApi';
import { recommendationPageMessages, recommendationWizardMessages, rotation, type AiVariant } from '../ai/aiTexts';
import { GeneratingState } from '../ai/GeneratingState';
import { OutdatedNotice, writtenForAnotherEstimate } from '../ai/OutdatedNotice';
import { RecommendationSelector } from './RecommendationSelector';
import { ValueIncreaseCounter } from './ValueIncreaseCounter';

export interface RecommendationsWorkspaceProps {
  propertyId: string;
  estimatedValue: number | null;
  /** 'page' (the Recommendations page: twelve messages, its toasts) or 'wizard' (eight, the wizard's toasts). */
  variant: AiVariant;
  /** After a successful generation (the wizard moves to step 3). */
  onGenerated?: (list: Recommendation[]) => void;
  /** Shown under the grid in the wizard, e.g. a Continue button. */
  footer?: ReactNode;
}

/**
 * Everything about a home's recommendations in one place, for the page and the wizard: the potential value
 * increase, the generate prompt, the rotating messages while generating, the selectable grid with its value
 * calculator, and Regenerate (offered in a notice too when they were written for an earlier estimate).
 */
export function RecommendationsWorkspace({ propertyId, estimatedValue, variant, onGenerated, footer }: RecommendationsWorkspaceProps) {
  const list = useRecommendations(propertyId);
  const generate = useGenerateRecommendations(propertyId, variant, onGenerated);
  const messages = variant === 'page' ? recommendationPageMessages : recommendationWizardMessages;
  const recommendations = list.data ?? [];
  const total = recommendations.reduce((sum, r) => sum + r.estimatedValueIncrease, 0);
  const basedOnEstimate = recommendations[0]?.basedOnEstimate;

  if (list.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (list.isError) {
    return (
      <Card>
        <Typography.Paragraph>We couldn't load the recommendations for this home.</Typography.Paragraph>
        <Button onClick={() => void list.refetch()}>Try Again</Button>
      </Card>
    );
  }

  return (
    <Flex vertical gap={20}>
      <ValueIncreaseCounter total={total} />
      {generate.isPending ? (
        <Card>
          <GeneratingState title="Analyzing your home…" messages={messages} intervalMs={rotation.generatingMs} />
        </Card>
      ) : recommendations.length === 0 ? (
        <Card data-testid="generate-prompt">
          <Flex vertical align="center" gap={12} style={{ padding: '24px 8px', textAlign: 'center' }}>
            <BulbOutlined aria-hidden style={{ fontSize: 36, color: '#1f5eff' }} />
            <Typography.Title level={2} style={{ margin: 0, fontSize: 22 }}>
              Find the improvements worth making
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ maxWidth: 560, margin: 0 }}>
              Get a prioritised list of projects for this home, each with its estimated cost, the value it adds at sale and
              its return on investment, from published cost-versus-value figures adapted to your home.
            </Typography.Paragraph>
            <Button type="primary" size="large" onClick={() => generate.mutate()}>
              Generate Recommendations
            </Button>
          </Flex>
        </Card>
      ) : (
        <>
          <Flex justify="space-between" align="center" wrap gap={12}>
            <Typography.Title level={2} style={{ margin: 0, fontSize: 22 }}>
              {recommendations.length} recommended improvements
            </Typography.Title>
            <Button icon={<ReloadOutlined aria-hidden />} onClick={() => generate.mutate()}>
              Regenerate
            </Button>
          </Flex>
          {basedOnEstimate !== undefined && writtenForAnotherEstimate(basedOnEstimate, estimatedValue) ? (
            <OutdatedNotice what="recommendations" basedOnEstimate={basedOnEstimate} estimatedValue={estimatedValue} onRegenerate={() => generate.mutate()} />
          ) : null}
          <RecommendationSelector key={recommendations.map((r) => r.id).join('|')} recommendations={recommendations} estimatedValue={estimatedValue} />
        </>
      )}
      {footer}
    </Flex>
  );
}
