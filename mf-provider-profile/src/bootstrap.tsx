import { mountStandalone } from '@city/shared/harness';
import ProviderProfile from './provider-profile';

const id = new URLSearchParams(location.search).get('id') ?? '';
void mountStandalone('mf_provider_profile', () => <ProviderProfile providerId={id} />);
