import { Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { switchWorkspace } from '../../platform/workspace/workspace-store';
import { useMyTenants } from './workspaces.api';

// A workspace's address (host/w/<slug>, as the wizard shows it): it opens that workspace for a
// member; anyone else chooses among their own workspaces (and may join one from there).
export const WORKSPACE_ADDRESS_PATH = '/w';

export default function WorkspaceAddressPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const mine = useMyTenants();
  const match = mine.data?.find((w) => w.slug === slug.toLowerCase());
  useEffect(() => {
    if (!match) return;
    switchWorkspace(match.id);
    navigate('/dashboard', { replace: true });
  }, [match, navigate]);
  if (mine.isPending || match) return <Spin className="page-spinner" aria-label={t('common.loading')} />;
  return <Navigate to="/workspaces" replace />;
}
