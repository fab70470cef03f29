import { ListingRemotePage } from './ListingRemotePage';

/** `/recommendations?propertyId={id}`: the listing remote's Recommendations page. */
export default function RecommendationsPage() {
  return (
    <ListingRemotePage
      module="./RecommendationsPage"
      path="/recommendations"
      pageTitle="Recommendations"
      description="the recommendations"
      signInTitle="Sign in to see recommendations"
      signInText="You'll get a prioritised list of improvements for this home, each with its estimated cost, the value it adds and its return on investment."
    />
  );
}
