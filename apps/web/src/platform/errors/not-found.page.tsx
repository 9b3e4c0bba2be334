import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRecordId } from '../api/record-id';
import { usePageTitle } from '../feedback/use-page-title';
import { LinkButton } from '../feedback/link-button';
import { PageResult } from '../feedback/page-result';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('errors.notFound.title'));
  return (
    <section className="centered-page">
      <PageResult
        status="404"
        title={t('errors.notFound.title')}
        subTitle={t('errors.notFound.description')}
        extra={
          <LinkButton to="/" type="primary">
            {t('errors.backHome')}
          </LinkButton>
        }
      />
    </section>
  );
}

// A page of one record by the id in its address: an id that cannot be a record's (a link edited
// or cut short) names no record, so the page is "not found", as for a record that does not exist,
// rather than the server's refusal of the id.
export function IfRecordId({ id, children }: { id: string; children: ReactNode }) {
  return isRecordId(id) ? children : <NotFoundPage />;
}

export default NotFoundPage;
