import type { EntityDefinition } from '@atrium/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

// Generic captions name the kind: "New {{singular}}", "{{count}} {{plural}} archived". The names
// are the kind's own captions (<module>.<kind>.singular / .plural).
export function useEntityText(definition: Pick<EntityDefinition, 'captionKey'>) {
  const { t } = useTranslation();
  const singular = t(`${definition.captionKey}.singular`);
  const plural = t(`${definition.captionKey}.plural`);
  const text = useCallback(
    (key: string, options: Record<string, unknown> = {}) => t(key, { singular, plural, ...options }),
    [t, singular, plural],
  );
  return { t, text, singular, plural };
}
