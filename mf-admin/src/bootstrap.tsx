import { mountStandalone } from '@city/shared/harness';
import { useAuth } from '@city/shared';
import AdminLogin from './admin-login';
import AdminPanel from './admin-panel';

function Harness() {
  const signedIn = useAuth((s) => s.session !== null);
  return signedIn ? <AdminPanel /> : <AdminLogin onSignedIn={() => undefined} />;
}
void mountStandalone('mf_admin', () => <Harness />);
