import { useSearchParams } from 'react-router';
import { SparkIcon } from '../components/icons';
import { ComingSoon } from './ComingSoon';

/** `/recommendations?propertyId={id}` */
export default function RecommendationsPage() {
  const [query] = useSearchParams();
  return (
    <ComingSoon
      pageTitle="Recommendations"
      title="AI recommendations arrive in the next release"
      icon={<SparkIcon />}
      signInTitle="Sign in to see recommendations"
      returnTo={`/recommendations?${query.toString()}`}
    >
      You'll get a prioritised list of improvements for this home, each with its estimated cost, the value it adds
      and its return on investment.
    </ComingSoon>
  );
}
