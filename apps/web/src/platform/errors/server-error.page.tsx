import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../feedback/use-page-title';
import { PageResult } from '../feedback/page-result';

// Plain links and a full reload: after an unexpected error the router state is not trusted.
export function ServerErrorPage() {
  const { t } = useTranslation();
  usePageTitle(t('errors.serverError.title'));
  return (
    <section className="centered-page">
      <PageResult
        status="500"
        title={t('errors.serverError.title')}
        subTitle={t('errors.serverError.description')}
        extra={[
          <Button key="reload" type="primary" onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </Button>,
          <Button key="home" href="/">
            {t('errors.backHome')}
          </Button>,
        ]}
      />
    </section>
  );
}

export default ServerErrorPage;
