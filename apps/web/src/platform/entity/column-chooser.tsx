import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from './list-definition';

export function ColumnChooser<T>({
  columns,
  visible,
  onChange,
}: {
  columns: ListColumn<T>[];
  visible: string[];
  onChange: (keys: string[]) => void;
}) {
  const { t } = useTranslation();
  const toggle = (key: string, on: boolean) => {
    // keep the definition's order whatever order the user clicked in
    const next = columns.map((c) => c.key).filter((k) => (k === key ? on : visible.includes(k)));
    onChange(next);
  };
  const content = (
    <Space direction="vertical" role="group" aria-label={t('list.columns')}>
      {columns.map((c) => (
        <Checkbox
          key={c.key}
          checked={c.alwaysVisible || visible.includes(c.key)}
          disabled={c.alwaysVisible}
          onChange={(e) => toggle(c.key, e.target.checked)}
        >
          {c.title ?? t(c.titleKey)}
        </Checkbox>
      ))}
    </Space>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" title={t('list.columns')}>
      <Button icon={<SettingOutlined />}>{t('list.columns')}</Button>
    </Popover>
  );
}
