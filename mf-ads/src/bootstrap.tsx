import { mountStandalone } from '@city/shared/harness';
import AdsPopup from './ads-popup';

void mountStandalone('mf_ads', () => <AdsPopup />);
