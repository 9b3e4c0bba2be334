import { CalendarOutlined, ScheduleOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { EntityRecord } from '@atrium/domain';
import { Button, Modal, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFavourites, useSetFavourite } from './bookings.api';

// the booking form is the Bookings page's chunk: loaded when the dialog opens
const BookCard = lazy(async () => ({ default: (await import('./bookings.page')).BookCard }));
// the calendar is its own chunk, loaded when opened
const ResourceCalendar = lazy(() => import('./resource-calendar'));

// "Book" on a resource's page: find-times for this resource alone on a day, one click books;
// "Calendar": its bookings in the six views, a free slot books it.
export function BookResourceAction({ record }: { record: EntityRecord }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [calendar, setCalendar] = useState(false);
  const title = String(record.title ?? '');
  return (
    <>
      <Button icon={<CalendarOutlined />} onClick={() => setOpen(true)}>
        {t('bookings.book')}
      </Button>
      <Button icon={<ScheduleOutlined />} onClick={() => setCalendar(true)}>
        {t('bookings.calendar.title')}
      </Button>
      <FavouriteToggle resourceId={record.id} />
      <Modal
        open={calendar}
        title={t('bookings.calendar.ofResource', { resource: title })}
        footer={null}
        width={1000}
        onCancel={() => setCalendar(false)}
        destroyOnHidden
      >
        <Suspense fallback={<Skeleton active />}>
          <ResourceCalendar record={record} />
        </Suspense>
      </Modal>
      <Modal
        open={open}
        title={t('bookings.bookResource', { resource: title })}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Suspense fallback={<Skeleton active />}>
          <BookCard resourceId={record.id} title={title} />
        </Suspense>
      </Modal>
    </>
  );
}

// A star on a resource's page: one of my favourites (find-times can offer them alone).
function FavouriteToggle({ resourceId }: { resourceId: string }) {
  const { t } = useTranslation();
  const favourites = useFavourites();
  const set = useSetFavourite();
  const starred = (favourites.data?.data ?? []).some((f) => f.resource.id === resourceId);
  // while the change is on its way, the star shows what was asked
  const shown = set.isPending ? Boolean(set.variables?.favourite) : starred;
  return (
    <Button
      icon={shown ? <StarFilled style={{ color: '#ad6800' }} /> : <StarOutlined />}
      aria-pressed={shown}
      loading={favourites.isLoading}
      onClick={() => set.mutate({ resourceId, favourite: !shown })}
    >
      {t('bookings.favourites.favourite')}
    </Button>
  );
}
