import type { PortalTheme } from '@atrium/domain';
import { useQuery } from '@tanstack/react-query';
import { theme as antdTheme, type ThemeConfig } from 'antd';
import { useEffect } from 'react';
import { apiRequest } from '../api/api-client';
import { API } from '../api/paths';

// The workspace a portal page belongs to: /portal/<workspace>/… — none when the address is not
// a portal's, or its segment cannot be decoded (a %-escape cut short: the page says it finds no
// portal there, instead of the whole page failing)
const portalWorkspace = (): string | undefined => {
  const [, first, workspace] = window.location.pathname.split('/');
  if (first !== 'portal' || !workspace) return undefined;
  try {
    return decodeURIComponent(workspace);
  } catch {
    return undefined;
  }
};

// A portal page — in a widget's frame or in its own tab — shows itself in its workspace's theme
// (Settings › Widgets, decision 098): the primary colour and light or dark. Other pages keep
// the app's theme.
export function usePortalTheme(): PortalTheme | undefined {
  const workspace = portalWorkspace();
  const query = useQuery({
    queryKey: ['portal-theme', workspace],
    enabled: Boolean(workspace),
    staleTime: 60_000,
    queryFn: () => apiRequest<PortalTheme>(API.portalTheme(workspace ?? '')),
  });
  const dark = Boolean(workspace && query.data?.dark);
  useEffect(() => {
    document.documentElement.classList.toggle('atrium-dark', dark);
  }, [dark]);
  return workspace ? query.data : undefined;
}

// The app's theme with a portal's colour and light or dark; the app's dark-on-white text
// greys give way to the dark algorithm's own.
export function withPortalTheme(base: ThemeConfig, portal: PortalTheme | undefined): ThemeConfig {
  if (!portal || (!portal.primaryColor && !portal.dark)) return base;
  const token = { ...base.token, ...(portal.primaryColor ? { colorPrimary: portal.primaryColor, colorLink: portal.primaryColor } : {}) };
  if (!portal.dark) return { ...base, token };
  const dark = { ...token };
  for (const key of ['colorTextSecondary', 'colorTextTertiary', 'colorTextDescription', 'colorTextPlaceholder'] as const) delete dark[key];
  return {
    ...base,
    algorithm: antdTheme.darkAlgorithm,
    token: dark,
    components: { ...base.components, Layout: { ...base.components?.Layout, bodyBg: '#141414', siderBg: '#141414' } },
  };
}
