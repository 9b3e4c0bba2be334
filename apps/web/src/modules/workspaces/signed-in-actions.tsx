import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { signOut } from '../../platform/auth/session-store';
import { useSession } from '../../platform/auth/use-session';

// The top bar of a page outside a workspace (choosing or creating one): who is signed in, and
// the way out.
export function SignedInActions() {
  const { t } = useTranslation();
  const { session } = useSession();
  const user = session?.user;
  return (
    <Space size={12}>
      {user ? (
        <Space size={6} className="bare-user">
          <Avatar size={24} icon={<UserOutlined />} alt="" />
          <Typography.Text className="bare-user-name">{user.name || user.email}</Typography.Text>
        </Space>
      ) : null}
      <Button icon={<LogoutOutlined aria-hidden />} onClick={signOut}>
        {t('userMenu.signOut')}
      </Button>
    </Space>
  );
}
