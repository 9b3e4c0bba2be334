import { CheckOutlined, GlobalOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useProfile } from '../../platform/profile/profile.api';
import { signOut } from '../../platform/auth/session-store';
import { useSession } from '../../platform/auth/use-session';
import { LANGUAGES, type LanguageCode } from '../../platform/i18n/languages';
import { useLanguage } from '../../platform/i18n/use-language';
import { useAccess } from '../../platform/permissions/use-access';
import { SETTINGS_NAV } from '../navigation';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session } = useSession();
  const profile = useProfile();
  const { language, setLanguage } = useLanguage();
  const name = profile.data?.name ?? session?.user?.name ?? '';
  const { can } = useAccess();

  const items: MenuProps['items'] = [
    { key: 'profile', label: t('userMenu.profile'), icon: <UserOutlined /> },
    ...(can(SETTINGS_NAV.rule) ? [{ key: 'settings', label: t('userMenu.settings'), icon: <SettingOutlined /> }] : []),
    {
      key: 'language',
      label: t('userMenu.language'),
      icon: <GlobalOutlined />,
      children: LANGUAGES.map((l) => ({
        key: `lang:${l.code}`,
        label: l.label,
        icon: l.code === language ? <CheckOutlined /> : <span style={{ display: 'inline-block', width: 13 }} />,
      })),
    },
    { type: 'divider' },
    { key: 'signout', label: t('userMenu.signOut'), icon: <LogoutOutlined /> },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') navigate('/profile');
    else if (key === 'settings') navigate(SETTINGS_NAV.path);
    else if (key === 'signout') signOut();
    else if (key.startsWith('lang:')) void setLanguage(key.slice(5) as LanguageCode);
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" className="topbar-button" aria-label={t('userMenu.open', { name })}>
        <Avatar size={26} src={profile.data?.pictureUrl ?? undefined} icon={<UserOutlined />} alt="" />
        <span className="topbar-user">{name}</span>
      </Button>
    </Dropdown>
  );
}
