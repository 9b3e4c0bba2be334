import {
  ApartmentOutlined,
  AppstoreOutlined,
  ContactsOutlined,
  DashboardOutlined,
  RiseOutlined,
  SettingOutlined,
  TeamOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

// The icons definitions name (definition.web.icon) and the shell's own.
const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  settings: <SettingOutlined />,
  contacts: <ContactsOutlined />,
  organizations: <ApartmentOutlined />,
  leads: <RiseOutlined />,
  opportunities: <TrophyOutlined />,
  teams: <TeamOutlined />,
};

export const iconOf = (name: string): ReactNode => ICONS[name] ?? <AppstoreOutlined />;
