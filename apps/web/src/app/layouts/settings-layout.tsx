import { ArrowLeftOutlined } from '@ant-design/icons';
import { Menu, Typography, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { AccessDeniedPage } from '../../platform/errors/access-denied.page';
import { useMediaQuery } from '../../platform/feedback/use-media-query';
import { usePageTitle } from '../../platform/feedback/use-page-title';
import { useAccess } from '../../platform/permissions/use-access';
import { SETTINGS_ENTRIES, SETTINGS_NAV, settingsGroupKey } from '../navigation';

// Settings as one page: its sections (the workspace's own, then each module's) beside the
// section shown. On a phone, /settings lists the sections and a section leads back to that list.
export function SettingsLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const { can, ready } = useAccess();
  const narrow = useMediaQuery('(max-width: 767.98px)');
  const allowed = useMemo(() => SETTINGS_ENTRIES.filter((e) => can(e.rule)), [can]);
  const items = useMemo<MenuProps['items']>(() => {
    const groups = new Map<string, NonNullable<MenuProps['items']>>();
    for (const e of allowed) {
      const group = e.group ?? 'workspace';
      if (!groups.has(group)) groups.set(group, []);
      groups.get(group)?.push({ key: e.key, label: <Link to={e.path}>{t(e.labelKey)}</Link> });
    }
    return [...groups].map(([group, children]) => ({ type: 'group' as const, key: group, label: t(settingsGroupKey(group)), children }));
  }, [allowed, t]);
  const current = allowed.filter((e) => location.pathname.startsWith(e.path)).sort((a, b) => b.path.length - a.path.length)[0];
  const index = location.pathname.replace(/\/$/, '') === SETTINGS_NAV.path;

  if (!ready) return null;
  if (allowed.length === 0) return <AccessDeniedPage />;
  // a desktop opens the first section it may see; a phone shows the list of sections
  if (index && !narrow) return <Navigate to={allowed[0]!.path} replace />;

  const sections = (
    <nav className="settings-sections" aria-label={t('nav.settingsSections')}>
      <Menu mode="inline" tooltip={false} items={items} selectedKeys={current ? [current.key] : []} />
    </nav>
  );
  if (narrow && index) return <SettingsIndex>{sections}</SettingsIndex>;
  // one tree at every width: the section shown keeps its state (a tab, an unsaved form) when the
  // window crosses the phone width (a tablet turned, a window resized)
  return (
    <div className="settings-page">
      {narrow ? null : sections}
      <div className="settings-section">
        {narrow ? (
          <Link to={SETTINGS_NAV.path} className="settings-back">
            <ArrowLeftOutlined aria-hidden /> {t('nav.allSettings')}
          </Link>
        ) : null}
        <Outlet />
      </div>
    </div>
  );
}

function SettingsIndex({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  usePageTitle(t('nav.settings'));
  return (
    <>
      <Typography.Title level={1}>{t('nav.settings')}</Typography.Title>
      {children}
    </>
  );
}
