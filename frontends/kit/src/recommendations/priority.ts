import type { RecommendationPriority } from '@hsa/contracts';

/** Each priority's colours (text on tint, at least 4.5:1) and label. */
export const priorityStyles: Record<RecommendationPriority, { label: string; color: string; background: string; border: string }> = {
  high: { label: 'High priority', color: '#a8071a', background: '#fff1f0', border: '#ffa39e' },
  medium: { label: 'Medium priority', color: '#874d00', background: '#fffbe6', border: '#ffd666' },
  low: { label: 'Low priority', color: '#135200', background: '#f6ffed', border: '#95de64' },
};
