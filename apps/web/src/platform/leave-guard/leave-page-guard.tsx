import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { useConfirm } from '../confirm/confirm-modal';

export type LeavePageTexts = {
  title?: string;
  description?: string;
  okText?: string;
  cancelText?: string;
};

type Guard = { enabled: boolean; texts: LeavePageTexts };
type GuardRegistry = { register: (id: symbol, guard: Guard) => void; unregister: (id: symbol) => void };

const LeavePageGuardContext = createContext<GuardRegistry | null>(null);

// One blocker for the whole app (React Router allows one at a time); pages register guards.
// In-app push, replace and back/forward all pass through the blocker: the data router keys each
// history entry with an 8-character token and restores the entry when a POP is blocked.
export function LeavePageGuardProvider({ children }: { children: ReactNode }) {
  const guards = useRef(new Map<symbol, Guard>());
  const confirm = useConfirm();
  const { t } = useTranslation();

  const active = useCallback((): Guard | undefined => [...guards.current.values()].find((g) => g.enabled), []);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active() !== undefined && `${currentLocation.pathname}${currentLocation.search}` !== `${nextLocation.pathname}${nextLocation.search}`,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const texts = active()?.texts ?? {};
    let cancelled = false;
    void confirm({
      title: texts.title ?? t('leaveGuard.title'),
      description: texts.description ?? t('leaveGuard.description'),
      okText: texts.okText ?? t('leaveGuard.ok'),
      cancelText: texts.cancelText ?? t('leaveGuard.cancel'),
    }).then((leave) => {
      if (cancelled) return;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      cancelled = true;
    };
  }, [blocker, active, confirm, t]);

  // Reload and closing the tab: browsers only allow their own dialog here.
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!active()) return;
      event.preventDefault();
      // older Chromium needs returnValue set to show the prompt
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);

  const registry = useMemo<GuardRegistry>(
    () => ({
      register: (id, guard) => guards.current.set(id, guard),
      unregister: (id) => guards.current.delete(id),
    }),
    [],
  );

  return <LeavePageGuardContext.Provider value={registry}>{children}</LeavePageGuardContext.Provider>;
}

// Asks before leaving while `enabled` (a dirty form). `disarm()` switches it off immediately,
// e.g. right before navigating away after a successful save.
export function useLeavePageGuard(enabled: boolean, texts: LeavePageTexts = {}): { disarm: () => void } {
  const registry = useContext(LeavePageGuardContext);
  if (!registry) throw new Error('useLeavePageGuard must be used inside <LeavePageGuardProvider>');
  const [id] = useState(() => Symbol('leave-page-guard'));
  const { title, description, okText, cancelText } = texts;

  // Registered during render so a navigation in the same tick sees the latest state.
  registry.register(id, { enabled, texts: { title, description, okText, cancelText } });
  useEffect(() => () => registry.unregister(id), [registry, id]);

  const disarm = useCallback(() => registry.register(id, { enabled: false, texts: {} }), [registry, id]);
  return { disarm };
}
