import { ListingRemotePage } from './ListingRemotePage';

/** `/listing?propertyId={id}`: the listing remote's Listing description page. */
export default function ListingPage() {
  return (
    <ListingRemotePage
      module="./ListingPage"
      path="/listing"
      pageTitle="Listing Description"
      description="the listing description"
      signInTitle="Sign in to write a listing"
      signInText="You'll get a ready-to-publish description written from this home's real details, with its key selling points highlighted."
    />
  );
}
