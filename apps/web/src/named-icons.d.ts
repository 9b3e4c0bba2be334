// The icons the sources name, generated at build time (named-icons.plugin.ts).
declare module 'virtual:named-icons' {
  import type { ComponentType } from 'react';
  export const NAMED_ICONS: Record<string, ComponentType>;
}
