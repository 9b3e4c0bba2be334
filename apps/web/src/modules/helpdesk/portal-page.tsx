import { ArrowLeftOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { usePortalMe, usePortalSignOut } from './portal.api';

type Props = {
  children: ReactNode;
  // the narrower column of the forms (sign-in, ask, the access messages)
  narrow?: boolean;
  // the link above the page: the portal's home (default), another page, or none (the home itself)
  back?: { to: string; label: string } | 'home' | null;
  // a page only a signed-in portal user sees: signing out goes on to the portal's home
  signedInOnly?: boolean;
};

// The frame of every portal page (decision 094, round four): the column, the way back, and who
// is signed in with a Sign out (confirmed; the session ends and the page shows the signed-out
// state). Signed out, the bar shows only the way back.
export function PortalPage({ children, narrow = false, back = 'home', signedInOnly = false }: Props) {
  const { t } = useTranslation();
  const { workspace = '', helpdesk = '' } = useParams();
  const navigate = useNavigate();
  const me = usePortalMe(workspace, helpdesk);
  const signOut = usePortalSignOut(workspace, helpdesk);
  const home = `/portal/${workspace}/${helpdesk}`;
  const way = back === 'home' ? { to: home, label: t('helpdesk.portal.back') } : back;
  // signing out of a page only for signed-in users goes home, which then says so
  const location = useLocation();
  const [signedOut, setSignedOut] = useState((location.state as { signedOut?: boolean } | null)?.signedOut === true);
  const user = me.isSuccess && !signedOut ? me.data : undefined;
  const who = user ? (user.name && user.name !== user.email ? `${user.name} (${user.email})` : user.email) : '';
  const end = () =>
    signOut.mutate(undefined, {
      onSuccess: () => {
        setSignedOut(true);
        if (signedInOnly) void navigate(home, { replace: true, state: { signedOut: true } });
      },
    });
  return (
    <main style={{ maxWidth: narrow ? 640 : 760, margin: '32px auto', padding: '0 16px' }}>
      {(way || user || signedOut) && (
        <nav
          aria-label={t('helpdesk.portal.title')}
          style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between', alignItems: 'center' }}
        >
          {way ? (
            <Link to={way.to}>
              <ArrowLeftOutlined /> {way.label}
            </Link>
          ) : (
            <span />
          )}
          {user && (
            <Space wrap size="small" role="status" aria-label={t('helpdesk.portal.signedInAs', { name: who })}>
              <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                <UserOutlined /> {t('helpdesk.portal.signedInAs', { name: who })}
              </Typography.Text>
              <Popconfirm
                title={t('helpdesk.portal.signOutConfirm')}
                okText={t('helpdesk.portal.signOut')}
                cancelText={t('common.cancel')}
                onConfirm={end}
              >
                <Button size="small" loading={signOut.isPending}>
                  {t('helpdesk.portal.signOut')}
                </Button>
              </Popconfirm>
            </Space>
          )}
          {signedOut && !user && (
            <Typography.Text type="secondary" role="status">
              {t('helpdesk.portal.signedOut')}
            </Typography.Text>
          )}
        </nav>
      )}
      {children}
    </main>
  );
}
