import { Empty } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// Empty lists show an illustration with a translated "no data" caption (spec §2).
export function EmptyState({ description, children }: { description?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description ?? t('common.noData')}>
      {children}
    </Empty>
  );
}
