import { useParams } from 'react-router-dom';
import { RemoteSlot } from '../remotes/remote-slot';

export function ProviderPage() {
  const { id = '' } = useParams();
  return <RemoteSlot id="mf_provider_profile/ProviderProfile" props={{ providerId: id }} />;
}
