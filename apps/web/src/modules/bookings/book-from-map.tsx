import { Modal, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// the booking form is the Bookings page's chunk: loaded when the dialog opens
const BookCard = lazy(async () => ({ default: (await import('./bookings.page')).BookCard }));

// "Book" on the live floor map: the same dialog as on a resource's page, for the desk chosen. The
// app registers it as the resources module's floor-map booking (its props are that extension
// point's; resources already import bookings, so naming their type here would close a cycle).
export function BookFromMapDialog({ resourceId, title, onClose }: { resourceId: string; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open title={t('bookings.bookResource', { resource: title })} footer={null} onCancel={onClose} destroyOnHidden>
      <Suspense fallback={<Skeleton active />}>
        <BookCard resourceId={resourceId} title={title} />
      </Suspense>
    </Modal>
  );
}
