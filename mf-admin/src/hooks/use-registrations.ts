import { useCallback } from 'react';
import { usePagedQuery, type PagedQuery } from '@city/shared';
import { adminListRegistrations, type AdminProviderStatus, type AdminRegistration } from '../api';

const REGISTRATIONS_PAGE_SIZE = 10;

export interface RegistrationsQuery extends PagedQuery<AdminRegistration> {
  /** Drops a row that left this status (approved or rejected). */
  remove: (id: string) => void;
}

/** One status's registrations, newest first, a page at a time. */
export function useRegistrations(status: AdminProviderStatus): RegistrationsQuery {
  const queue = usePagedQuery(['admin-registrations', status], ({ offset }) =>
    adminListRegistrations({ status, limit: REGISTRATIONS_PAGE_SIZE, offset }).then(({ rows, total }) => ({ items: rows, total })),
  );
  const { setData } = queue;
  const remove = useCallback(
    (id: string) =>
      setData((d) =>
        d?.items.some((r) => r.id === id) ? { ...d, items: d.items.filter((r) => r.id !== id), total: Math.max(0, (d.total ?? 0) - 1) } : d,
      ),
    [setData],
  );
  return { ...queue, remove };
}
