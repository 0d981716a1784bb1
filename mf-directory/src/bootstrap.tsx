import { mountStandalone } from '@city/shared/harness';
import Directory from './directory';

void mountStandalone(() => <Directory onOpenRegistration={() => window.alert('registration')} />);
