import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../feedback/use-page-title';
import { LinkButton } from '../feedback/link-button';
import { PageResult } from '../feedback/page-result';

export function AccessDeniedPage() {
  const { t } = useTranslation();
  usePageTitle(t('errors.accessDenied.title'));
  return (
    <section className="centered-page">
      <PageResult
        status="403"
        title={t('errors.accessDenied.title')}
        subTitle={t('errors.accessDenied.description')}
        extra={
          <LinkButton to="/dashboard" type="primary">
            {t('errors.backToDashboard')}
          </LinkButton>
        }
      />
    </section>
  );
}

export default AccessDeniedPage;
