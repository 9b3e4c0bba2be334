import type { NotificationItem } from '@atrium/domain';
import { MenuOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, Spin, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { useMyTenants, WorkspaceSwitcher } from '../../modules/workspaces';
import { isApiError } from '../../platform/api/api-error';
import { useMediaQuery } from '../../platform/feedback/use-media-query';
import { useLanguageFollowsProfile } from '../../platform/i18n/use-language';
import { useAccess } from '../../platform/permissions/use-access';
import { useMyPermissions } from '../../platform/permissions/permissions.api';
import { switchWorkspace, useCurrentTenantId } from '../../platform/workspace/workspace-store';
import { NAVIGATION, SETTINGS_NAV, type NavEntry } from '../navigation';
import { storedList, storeList } from '../../platform/workspace/workspace-storage';
import { useLiveConnection } from '../../platform/live/use-live-connection';
import { GlobalSearch } from '../../platform/search/global-search';
import { NotificationsBell } from '../../platform/notifications/notifications-bell';
import { iconOf } from '../../platform/entity/entity-icons';
import { recordPath } from '../../platform/entity/web-entity';
import { UserMenu } from './user-menu';

const FOLDED_KEY = 'atrium.nav.folded';

// The frame of every workspace page: top bar, module navigation, content. Pages that opt out
// of it (workspace selection, wizard, invitation, landing) are routed outside this layout.
export function AppLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const tenantId = useCurrentTenantId();
  const tenants = useMyTenants();
  const permissions = useMyPermissions();
  const { can, ready } = useAccess();
  useLanguageFollowsProfile();
  // Below the lg breakpoint the navigation is a panel that slides over the content, opened by
  // the menu button of the top bar and closed again on navigating; on a desktop it stays open.
  const narrow = useMediaQuery('(max-width: 991.98px)');
  // open on the page where it was opened: navigating closes it
  const [openOn, setOpenOn] = useState<string | null>(null);
  const navOpen = openOn === location.pathname;
  const setNavOpen = (open: boolean) => setOpenOn(open ? location.pathname : null);
  const collapsed = narrow && !navOpen;

  // judged on a fresh list only: right after creating or joining, the cached one is stale
  const member = tenantId !== null && (tenants.isFetching || !tenants.data || tenants.data.some((w) => w.id === tenantId));
  // Removed from the workspace (or it is gone): forget it and let the user choose again.
  const lostAccess = !member || (isApiError(permissions.error) && [403, 404].includes(permissions.error.status));
  useEffect(() => {
    if (tenantId !== null && lostAccess) switchWorkspace(null);
  }, [tenantId, lostAccess]);
  // the tab's live events (notifications, changed records, job progress) for this workspace
  useLiveConnection(lostAccess ? null : tenantId);

  // each module's kinds in a group of its own that the user may fold; folded groups are
  // remembered, so a module that arrives later shows open
  const [folded, setFoldedState] = useState(() => storedList<string>(FOLDED_KEY));
  const setFolded = (keys: string[]) => {
    setFoldedState(keys);
    storeList(FOLDED_KEY, keys);
  };
  const { items, groupKeys } = useMemo(() => {
    const toItem = (entry: NavEntry) => ({
      key: entry.key,
      icon: iconOf(entry.icon),
      label: <Link to={entry.path}>{t(entry.labelKey)}</Link>,
    });
    const items: NonNullable<MenuProps['items']> = [];
    const groups = new Map<string, { key: string; label: string; children: ReturnType<typeof toItem>[] }>();
    for (const entry of NAVIGATION.filter((e) => can(e.rule))) {
      if (!entry.group) {
        items.push(toItem(entry));
        continue;
      }
      const key = `group-${entry.group}`;
      const group = groups.get(key);
      if (group) group.children.push(toItem(entry));
      else {
        const created = { key, label: t(`${entry.group}.module`), children: [toItem(entry)] };
        groups.set(key, created);
        items.push(created);
      }
    }
    return { items, groupKeys: [...groups.keys()] };
  }, [can, t]);
  const settingsAllowed = can(SETTINGS_NAV.rule);

  const selected = useMemo(() => {
    if (location.pathname.startsWith(SETTINGS_NAV.path)) return [SETTINGS_NAV.key];
    const match = NAVIGATION.filter((e) => location.pathname.startsWith(e.path)).sort((a, b) => b.path.length - a.path.length)[0];
    return match ? [match.key] : [];
  }, [location.pathname]);

  if (tenantId === null || lostAccess) return <Navigate to="/workspaces" replace />;

  return (
    <Layout className="app-layout">
      <a href="#main-content" className="skip-link">
        {t('common.skipToContent')}
      </a>
      <Layout.Header className="topbar">
        {narrow ? (
          <Button
            type="text"
            className="topbar-button topbar-menu"
            icon={<MenuOutlined aria-hidden />}
            aria-label={t('nav.toggle')}
            aria-expanded={navOpen}
            aria-controls="app-navigation"
            onClick={() => setNavOpen(!navOpen)}
          />
        ) : null}
        <Link to="/dashboard" className="topbar-brand" aria-label={t('nav.home')}>
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <span>Atrium</span>
        </Link>
        {tenants.data ? <WorkspaceSwitcher tenants={tenants.data} currentId={tenantId} /> : null}
        <span className="topbar-spacer" />
        <GlobalSearch />
        <NotificationsBell pathOf={recordPathOf} />
        <UserMenu />
      </Layout.Header>
      <Layout>
        <Layout.Sider
          width={220}
          breakpoint="lg"
          collapsedWidth={0}
          collapsed={collapsed}
          trigger={null}
          onBreakpoint={() => setNavOpen(false)}
          theme="light"
          className={narrow ? 'app-sider app-sider-overlay' : 'app-sider'}
        >
          <nav id="app-navigation" className="app-nav" aria-label={t('nav.label')} inert={collapsed}>
            <Menu
              mode="inline"
              // the sider closes to nothing, never to icons: its items need no tooltip (and each
              // tooltip was a popup trigger mounted and re-rendered on every page load)
              tooltip={false}
              items={items}
              selectedKeys={selected}
              // closed on a phone, no group is open: a collapsed menu would show it as a pop-up over the page
              openKeys={collapsed ? [] : groupKeys.filter((k) => !folded.includes(k))}
              onOpenChange={(open) => setFolded(groupKeys.filter((k) => !open.includes(k)))}
              onClick={() => setNavOpen(false)}
            />
            {settingsAllowed ? (
              <Menu
                className="app-nav-foot"
                mode="inline"
                tooltip={false}
                selectedKeys={selected}
                onClick={() => setNavOpen(false)}
                items={[
                  {
                    key: SETTINGS_NAV.key,
                    icon: iconOf(SETTINGS_NAV.icon),
                    label: <Link to={SETTINGS_NAV.path}>{t(SETTINGS_NAV.labelKey)}</Link>,
                  },
                ]}
              />
            ) : null}
          </nav>
        </Layout.Sider>
        {narrow && navOpen ? <div className="app-sider-backdrop" aria-hidden onClick={() => setNavOpen(false)} /> : null}
        <Layout.Content id="main-content" className="app-content" tabIndex={-1}>
          {ready ? <Outlet key={tenantId} /> : <Spin className="page-spinner" aria-label={t('common.loading')} />}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

// Where a notification about a record leads: its kind's record page.
function recordPathOf(item: NotificationItem): string | undefined {
  return item.entityKind && item.entityId ? recordPath(item.entityKind, item.entityId) : undefined;
}
