import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../feedback/use-page-title';
import { LinkButton } from '../feedback/link-button';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('errors.notFound.title'));
  return (
    <section className="centered-page">
      <Result
        status="404"
        title={<h1 className="result-title">{t('errors.notFound.title')}</h1>}
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

export default NotFoundPage;
