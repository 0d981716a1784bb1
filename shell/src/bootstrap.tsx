import { createRoot } from 'react-dom/client';
import '@city/shared/ui.css';
import './styles/fonts.css';
import './styles/shell.css';
import './styles/layout-stability.css';
import { initI18n, loadRuntimeConfig, startAuth } from '@city/shared';
import { App } from './app/app';
import { StartupError } from './pages/startup-error';
import { loadRemotesManifest, registerRemoteManifest } from './remotes/load-remote';
import { fetchOrTakeEarly } from './remotes/startup-preload';

async function start() {
  await initI18n();
  const root = createRoot(document.getElementById('root')!);
  const [config, remotes] = await Promise.all([loadRuntimeConfig('/config.json', fetchOrTakeEarly), loadRemotesManifest('/remotes.json')]);
  if (!config.ok) {
    root.render(<StartupError messageKey={`config.${config.failure.kind}`} detail={config.failure.detail} />);
    return;
  }
  if (!remotes.ok) {
    root.render(<StartupError messageKey={remotes.failure === 'missing' ? 'config.remotesMissing' : 'config.remotesInvalid'} detail={remotes.detail} />);
    return;
  }
  registerRemoteManifest(remotes.manifest);
  void startAuth();
  root.render(<App />);
}

void start();
