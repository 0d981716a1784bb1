import { mountStandalone } from '@city/shared/harness';
import Directory from './directory';

void mountStandalone('mf_directory', () => <Directory onOpenRegistration={() => window.alert('registration')} />);
