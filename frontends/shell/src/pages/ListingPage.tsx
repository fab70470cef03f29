import { useSearchParams } from 'react-router';
import { DocumentIcon } from '../components/icons';
import { ComingSoon } from './ComingSoon';

/** `/listing?propertyId={id}` */
export default function ListingPage() {
  const [query] = useSearchParams();
  return (
    <ComingSoon
      pageTitle="Listing Description"
      title="AI listing descriptions arrive in the next release"
      icon={<DocumentIcon />}
      signInTitle="Sign in to write a listing"
      returnTo={`/listing?${query.toString()}`}
    >
      You'll get a ready-to-publish description written from this home's real details, with its key selling points
      highlighted.
    </ComingSoon>
  );
}
