import { Modal, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// the booking form is the Bookings page's chunk: loaded when the dialog opens
const BookCard = lazy(async () => ({ default: (await import('./bookings.page')).BookCard }));

// "Book" on the live floor map: the same dialog as on a resource's page, for the desk chosen. The
// app registers it as the resources module's floor-map booking (its props are that extension
// point's; resources already import bookings, so naming their type here would close a cycle).
// With `near`: find-times among the floor's resources, nearest to the chosen one's place first.
export function BookFromMapDialog({
  resourceId,
  title,
  onClose,
  near,
}: {
  resourceId: string;
  title: string;
  onClose: () => void;
  near?: { floorMapId: string; x: number; y: number };
}) {
  const { t } = useTranslation();
  const heading = near ? t('bookings.near.title', { resource: title }) : t('bookings.bookResource', { resource: title });
  return (
    <Modal open title={heading} footer={null} onCancel={onClose} destroyOnHidden>
      <Suspense fallback={<Skeleton active />}>
        {near ? <BookCard near={near} title={heading} /> : <BookCard resourceId={resourceId} title={title} />}
      </Suspense>
    </Modal>
  );
}
