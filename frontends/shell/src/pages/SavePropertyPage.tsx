import { CompassIcon } from '../components/icons';
import { ComingSoon } from './ComingSoon';

/** `/save-property`: saves the demo property of this browser session to the account. */
export default function SavePropertyPage() {
  return (
    <ComingSoon
      pageTitle="Save Property"
      title="Saving demo properties arrives in the next release"
      icon={<CompassIcon />}
      signInTitle="Sign in to save your property"
      returnTo="/save-property"
    >
      Once the free demo analysis is available, a property you try out will be saved to your account from here.
    </ComingSoon>
  );
}
