import { EllipsisOutlined } from '@ant-design/icons';
import { MESSAGE_CONFIG, NOTIFICATION_CONFIG } from '@atrium/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../platform/api/query-client';
import { ConfirmProvider } from '../platform/confirm/confirm-modal';
import { EmptyState } from '../platform/feedback/empty-state';
import { ANTD_THEME } from '../platform/feedback/theme';
import { useMediaQuery } from '../platform/feedback/use-media-query';
import { languageOfCulture } from '../platform/i18n/languages';
import { usePortalTheme, withPortalTheme } from '../platform/widgets/portal-theme';

// antd ships English; the German texts (pagination, pickers…) load with the language.
function useAntdLocale(): Locale | undefined {
  const { i18n } = useTranslation();
  const language = languageOfCulture(i18n.language);
  const [german, setGerman] = useState<Locale | undefined>(undefined);
  useEffect(() => {
    if (language !== 'de' || german) return;
    void import('antd/locale/de_DE').then((m) => setGerman(m.default));
  }, [language, german]);
  return language === 'de' ? german : undefined;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedProviders>{children}</ThemedProviders>
    </QueryClientProvider>
  );
}

function ThemedProviders({ children }: { children: ReactNode }) {
  const locale = useAntdLocale();
  const { t } = useTranslation();
  // A user who asked the system for less motion gets none: dialogs, menus and messages appear and
  // go at once (WCAG 2.3.3); antd's motion token switches off every component's animation.
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  // a portal page shows its workspace's widget theme (decision 098)
  const portal = usePortalTheme();
  const theme = useMemo(() => {
    const base = withPortalTheme(ANTD_THEME, portal);
    return reduceMotion ? { ...base, token: { ...base.token, motion: false } } : base;
  }, [reduceMotion, portal]);
  return (
    <ConfigProvider
      theme={theme}
      {...(locale ? { locale } : {})}
      renderEmpty={() => <EmptyState />}
      // icons that are a button's only content carry a name in the user's language (issue 12, defect 15)
      tabs={{ moreIcon: <EllipsisOutlined aria-label={t('common.moreTabs')} /> }}
    >
      <AntApp
        notification={{
          duration: NOTIFICATION_CONFIG.duration,
          placement: NOTIFICATION_CONFIG.placement,
          top: NOTIFICATION_CONFIG.top,
          bottom: NOTIFICATION_CONFIG.bottom,
          maxCount: NOTIFICATION_CONFIG.maxCount,
        }}
        message={{ duration: MESSAGE_CONFIG.duration, top: MESSAGE_CONFIG.top }}
      >
        <style>{`.ant-notification-notice-wrapper{width:${NOTIFICATION_CONFIG.width}px}`}</style>
        <ConfirmProvider>{children}</ConfirmProvider>
      </AntApp>
    </ConfigProvider>
  );
}
