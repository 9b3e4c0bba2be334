import { Tag } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

// antd's preset tag colours are too light for WCAG AA text contrast; these keep the same hues
// with darker text.
const TONES = {
  success: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' },
  warning: { color: '#613400', background: '#fffbe6', borderColor: '#ffe58f' },
  info: { color: '#002c8c', background: '#e6f4ff', borderColor: '#91caff' },
} satisfies Record<string, CSSProperties>;

export function StatusTag({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return <Tag style={TONES[tone]}>{children}</Tag>;
}
