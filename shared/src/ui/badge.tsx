import type { ReactNode } from 'react';

export function Badge({ tone = 'neutral', children }: { tone?: 'success' | 'neutral' | 'warning'; children: ReactNode }) {
  return <span className={`ui-badge ui-badge--${tone}`}>{children}</span>;
}
