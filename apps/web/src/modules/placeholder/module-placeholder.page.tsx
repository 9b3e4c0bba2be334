import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../platform/feedback/empty-state';
import { usePageTitle } from '../../platform/feedback/use-page-title';

// Stands in for a module whose pages are not built yet, so navigation and access rules work.
export default function ModulePlaceholderPage() {
  const { t } = useTranslation();
  usePageTitle(t('nav.contacts'));
  return (
    <div className="page">
      <Typography.Title level={1} className="page-title">
        {t('nav.contacts')}
      </Typography.Title>
      <Card>
        <EmptyState description={t('placeholder.comingSoon')} />
      </Card>
    </div>
  );
}
