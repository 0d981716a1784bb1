import { RemoteSlot } from '../remotes/remote-slot';
import { useRouteTitle } from '../app/use-document-title';

/** /my-listing: a provider signs in by phone and manages their own listings (mf_registration). */
export function MyListingPage() {
  useRouteTitle();
  return <RemoteSlot id="mf_registration/MyListing" props={{}} />;
}
