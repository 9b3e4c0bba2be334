import { AppstoreOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { NAMED_ICONS } from 'virtual:named-icons';

// An icon by its name in @ant-design/icons, as a definition (web.icon) or a navigation entry
// gives it; every name written as `icon: '…'` in the sources is there (named-icons.plugin.ts).
export function iconOf(name: string): ReactNode {
  const Icon = NAMED_ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}
