import React, { Component, lazy, memo, Suspense, useMemo, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type RemoteModuleId, type RemoteModules } from '@city/shared';
import { forgetRemote, loadRemoteComponent, remoteOf } from './load-remote';

class SlotErrorBoundary extends Component<
  { fallback: (retry: () => void) => ReactNode; onRetry: () => void; children: ReactNode },
  { failed: boolean }
> {
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

// The dialog fallback of a remote opened by a press (dialog-fallback.tsx) is a chunk of its own:
// no page needs it for its first render. The service worker keeps it, as every shell chunk, for
// the offline case where it is needed most.
const DialogFallback = lazy(() => import('./dialog-fallback'));

/** The translated loading line of a slot (and of the shell's lazy pages while their chunk loads). */
export function SlotLoading() {
  const { t } = useTranslation();
  return (
    <div className="remote-loading" role="status">
      {t('remote.loading')}
    </div>
  );
}

interface RemoteSlotBase<K extends RemoteModuleId> {
  id: K;
  props: RemoteModules[K];
  /** What to show while loading; defaults to a small status line. */
  loading?: ReactNode;
}

export type RemoteSlotProps<K extends RemoteModuleId> = RemoteSlotBase<K> &
  (
    | {
        /** 'message': translated fallback with Retry in the slot (default); 'none': render nothing (ads). */
        onError?: 'message' | 'none';
        onDismiss?: never;
      }
    | {
        /** 'dialog': the translated fallback with Retry in a modal dialog (a remote opened by a press). */
        onError: 'dialog';
        /** Closing that dialog (close button, Escape): the caller stops asking for the remote. */
        onDismiss: () => void;
      }
  );

/**
 * One federated module in the page: Suspense while it loads, an error boundary that catches
 * both load failures and render errors, and a Retry that really goes back to the network
 * (React.lazy caches a failed import forever, so each attempt gets a new lazy component).
 */
export function RemoteSlot<K extends RemoteModuleId>({ id, props, onError = 'message', onDismiss, loading }: RemoteSlotProps<K>) {
  const [attempt, setAttempt] = useState(0);
  // Memoised: the shell re-renders its page (the search params, the page going idle, the auth
  // state), and a remote given the same props must not redraw its whole tree each time (on a
  // slow phone a list of cards is a long task). What the remote reads itself (router, stores,
  // language) still re-renders it.
  const Remote = useMemo(
    () => lazy(async () => ({ default: memo((await loadRemoteComponent(id)) as ComponentType<RemoteModules[K]>) })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each Retry (`attempt`) needs a new lazy component
    [id, attempt],
  );
  const remote = remoteOf(id);
  const dismiss = onDismiss ?? (() => undefined);
  const fallback = (retry: () => void): ReactNode => {
    if (onError === 'none') return null;
    if (onError === 'dialog')
      return (
        <Suspense fallback={null}>
          <DialogFallback remote={remote} onRetry={retry} onClose={dismiss} />
        </Suspense>
      );
    return <SlotFallback remote={remote} onRetry={retry} />;
  };
  // A retry from the dialog keeps a dialog on screen while it loads; the first load shows `loading`.
  const whileLoading =
    onError === 'dialog' && attempt > 0 ? (
      <Suspense fallback={null}>
        <DialogFallback remote={remote} onClose={dismiss} />
      </Suspense>
    ) : (
      (loading ?? (onError === 'none' ? null : <SlotLoading />))
    );
  return (
    <div className="remote-slot" data-remote-slot={remote}>
      <SlotErrorBoundary
        key={attempt}
        onRetry={() => {
          forgetRemote(remote);
          setAttempt((a) => a + 1);
        }}
        fallback={fallback}
      >
        <Suspense fallback={whileLoading}>
          <Remote {...(props as RemoteModules[K] & React.JSX.IntrinsicAttributes)} />
        </Suspense>
      </SlotErrorBoundary>
    </div>
  );
}
