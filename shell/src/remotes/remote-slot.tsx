import React, { Component, lazy, Suspense, useMemo, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type RemoteModuleId, type RemoteModules } from '@city/shared';
import { forgetRemote, loadRemoteComponent, remoteOf } from './load-remote';

class SlotErrorBoundary extends Component<{ fallback: (retry: () => void) => ReactNode; onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[remote-slot]', error, info.componentStack);
  }
  retry = () => {
    this.props.onRetry();
    this.setState({ failed: false });
  };
  override render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}

function SlotFallback({ remote, onRetry }: { remote: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="remote-fallback" role="alert" data-remote-fallback={remote}>
      <h2 className="remote-fallback__title">{t('remote.failedTitle')}</h2>
      <p>{t('remote.failedBody')}</p>
      <Button onClick={onRetry}>{t('remote.retry')}</Button>
    </section>
  );
}

function SlotLoading() {
  const { t } = useTranslation();
  return (
    <div className="remote-loading" role="status">
      {t('remote.loading')}
    </div>
  );
}

export interface RemoteSlotProps<K extends RemoteModuleId> {
  id: K;
  props: RemoteModules[K];
  /** 'message': translated fallback with Retry (default); 'none': render nothing (ads). */
  onError?: 'message' | 'none';
  /** What to show while loading; defaults to a small status line. */
  loading?: ReactNode;
}

/**
 * One federated module in the page: Suspense while it loads, an error boundary that catches
 * both load failures and render errors, and a Retry that really goes back to the network
 * (React.lazy caches a failed import forever, so each attempt gets a new lazy component).
 */
export function RemoteSlot<K extends RemoteModuleId>({ id, props, onError = 'message', loading }: RemoteSlotProps<K>) {
  const [attempt, setAttempt] = useState(0);
  const Remote = useMemo(
    () => lazy(async () => ({ default: (await loadRemoteComponent(id)) as ComponentType<RemoteModules[K]> })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [id, attempt],
  );
  const remote = remoteOf(id);
  return (
    <div className="remote-slot" data-remote-slot={remote}>
    <SlotErrorBoundary
      key={attempt}
      onRetry={() => {
        forgetRemote(remote);
        setAttempt((a) => a + 1);
      }}
      fallback={(retry) => (onError === 'none' ? null : <SlotFallback remote={remote} onRetry={retry} />)}
    >
      <Suspense fallback={loading ?? (onError === 'none' ? null : <SlotLoading />)}>
        <Remote {...(props as RemoteModules[K] & React.JSX.IntrinsicAttributes)} />
      </Suspense>
    </SlotErrorBoundary>
    </div>
  );
}
