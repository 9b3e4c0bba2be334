import { BREAKPOINTS, THEME } from '@atrium/domain';
import type { ThemeConfig } from 'antd';

// Spec §9: primary #021F65, Inter bundled locally, 13px base, antd's standard breakpoints.
export const ANTD_THEME: ThemeConfig = {
  // Components take their styles from antd's prebuilt stylesheet (imported by main.tsx) instead
  // of generating and registering them as each one renders, which was 50–85 ms of a Gantt
  // page's render (issue 20, decision 099 round seven). The theme still reaches them: its tokens
  // and the components' are CSS variables that antd keeps setting at run time, so the
  // portals' colours and dark mode (portal-theme.ts) apply as before. The stylesheet's selectors
  // carry no hash class, so neither do the components.
  zeroRuntime: true,
  hashed: false,
  token: {
    colorPrimary: THEME.colorPrimary,
    colorLink: THEME.colorPrimary,
    fontFamily: THEME.fontFamily,
    fontSize: THEME.fontSize,
    borderRadius: 6,
    // antd's default secondary greys fall short of WCAG AA contrast on white (axe: color-contrast)
    colorTextSecondary: 'rgba(0, 0, 0, 0.68)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    // antd's default red (#ff4d4f, 3.2:1 on white) fails it too on danger buttons and messages
    colorError: '#cf1322',
    screenXS: BREAKPOINTS.xs,
    screenSM: BREAKPOINTS.sm,
    screenMD: BREAKPOINTS.md,
    screenLG: BREAKPOINTS.lg,
    screenXL: BREAKPOINTS.xl,
    screenXXL: BREAKPOINTS.xxl,
  },
  components: {
    Layout: { headerBg: THEME.colorPrimary, headerHeight: 52, headerPadding: '0 16px', siderBg: '#ffffff', bodyBg: '#f5f6fa' },
    // selected rows stay light enough for their links to keep AA contrast, also under the
    // pointer (antd derives #657c99 from our navy primary for a hovered selected row)
    Table: { rowSelectedBg: '#e8edf7', rowSelectedHoverBg: '#dbe3f2' },
  },
};
