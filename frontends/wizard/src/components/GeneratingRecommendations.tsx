import { GeneratingState, recommendationWizardMessages, rotation } from '@hsa/ui-kit';

/** The wizard's 'Analyzing your home…' state while recommendations are generated, in its own chunk (see NextSteps). */
export default function GeneratingRecommendations() {
  return <GeneratingState title="Analyzing your home…" messages={recommendationWizardMessages} intervalMs={rotation.generatingMs} />;
}
