import { useParams } from 'react-router-dom';
import { RemoteSlot } from '../remotes/remote-slot';
import { useRouteTitle } from '../app/use-document-title';

export function ProviderPage() {
  useRouteTitle(); // 'remote' in the manifest: the profile titles the page with the provider's name
  const { id = '' } = useParams();
  return <RemoteSlot id="mf_provider_profile/ProviderProfile" props={{ providerId: id }} />;
}
