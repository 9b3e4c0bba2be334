import { CheckOutlined, DownOutlined, PlusOutlined, AppstoreOutlined } from '@ant-design/icons';
import type { MyTenant } from '@atrium/domain';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { switchWorkspace } from '../../platform/workspace/workspace-store';

export function WorkspaceSwitcher({ tenants, currentId }: { tenants: MyTenant[]; currentId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = tenants.find((w) => w.id === currentId);

  const items: MenuProps['items'] = [
    ...tenants.map((w) => ({
      key: w.id,
      label: w.name,
      icon: w.id === currentId ? <CheckOutlined /> : <span style={{ display: 'inline-block', width: 13 }} />,
    })),
    { type: 'divider' as const },
    { key: 'all', label: t('workspaces.all'), icon: <AppstoreOutlined /> },
    { key: 'new', label: t('workspaces.create'), icon: <PlusOutlined /> },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'all') navigate('/workspaces');
    else if (key === 'new') navigate('/workspaces/new');
    else if (key !== currentId) {
      switchWorkspace(key);
      navigate('/dashboard');
    }
  };

  return (
    <Dropdown menu={{ items, onClick, selectable: false }} trigger={['click']}>
      <Button type="text" className="topbar-button" aria-label={t('workspaces.switch', { name: current?.name ?? '' })}>
        <span className="topbar-workspace">{current?.name ?? t('workspaces.select')}</span>
        <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
