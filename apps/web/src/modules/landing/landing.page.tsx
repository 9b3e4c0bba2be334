import { ProjectOutlined, SwapOutlined, TeamOutlined, ThunderboltOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { Button, Card, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { BareLayout } from '../../platform/layouts/bare-layout';
import { redirectToSignIn, redirectToSignUp } from '../../platform/auth/session-store';
import { useSession } from '../../platform/auth/use-session';
import { usePageTitle } from '../../platform/feedback/use-page-title';
import { useCurrentTenantId } from '../../platform/workspace/workspace-store';

// What a fresh clone does today; each module adds its card when it lands (issue 26, item 14).
const FEATURES: { key: string; icon: ReactNode }[] = [
  { key: 'crm', icon: <TeamOutlined /> },
  { key: 'work', icon: <ProjectOutlined /> },
  { key: 'teams', icon: <UsergroupAddOutlined /> },
  { key: 'transfer', icon: <SwapOutlined /> },
  { key: 'live', icon: <ThunderboltOutlined /> },
];

export default function LandingPage() {
  const { t } = useTranslation();
  const { status } = useSession();
  const tenantId = useCurrentTenantId();
  usePageTitle(t('landing.title'));

  // Signed in: straight to the last workspace, or to choosing one.
  if (status === 'authenticated') return <Navigate to={tenantId ? '/dashboard' : '/workspaces'} replace />;
  if (status === 'loading') return null;

  const signIn = () => redirectToSignIn('/workspaces');
  const signUp = () => redirectToSignUp('/workspaces');
  const actions = (
    <Space>
      <Button onClick={signIn}>{t('landing.signIn')}</Button>
      <Button type="primary" onClick={signUp}>
        {t('landing.signUp')}
      </Button>
    </Space>
  );

  return (
    <BareLayout actions={actions}>
      <section className="landing-hero">
        <h1>{t('landing.headline')}</h1>
        <p>{t('landing.lead')}</p>
        <Space size="middle" style={{ marginTop: 16 }}>
          <Button type="primary" size="large" onClick={signUp}>
            {t('landing.getStarted')}
          </Button>
          <Button size="large" onClick={signIn}>
            {t('landing.signIn')}
          </Button>
        </Space>
      </section>
      <section className="landing-features" aria-label={t('landing.featuresLabel')}>
        {FEATURES.map((f) => (
          <Card key={f.key}>
            <Card.Meta
              avatar={<span style={{ fontSize: 22, color: '#021F65' }}>{f.icon}</span>}
              title={<h2 style={{ fontSize: 15, margin: 0 }}>{t(`landing.feature.${f.key}.title`)}</h2>}
              description={t(`landing.feature.${f.key}.text`)}
            />
          </Card>
        ))}
      </section>
    </BareLayout>
  );
}
