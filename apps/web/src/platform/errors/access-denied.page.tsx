import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../feedback/use-page-title';
import { LinkButton } from '../feedback/link-button';

export function AccessDeniedPage() {
  const { t } = useTranslation();
  usePageTitle(t('errors.accessDenied.title'));
  return (
    <section className="centered-page">
      <Result
        status="403"
        title={<h1 className="result-title">{t('errors.accessDenied.title')}</h1>}
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
