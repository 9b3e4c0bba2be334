import { ExclamationCircleFilled } from '@ant-design/icons';
import { CONFIRM_CLOSE_DELAY_MS, CONFIRM_MODAL_WIDTH } from '@atrium/domain';
import { Modal } from 'antd';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type ConfirmOptions = {
  title: ReactNode;
  description?: ReactNode;
  okText?: ReactNode;
  cancelText?: ReactNode;
  danger?: boolean;
};
export type ConfirmFn = (options: ConfirmOptions) => Promise<boolean>;

type Pending = ConfirmOptions & { resolve: (value: boolean) => void };

const ConfirmContext = createContext<ConfirmFn | null>(null);
// Lets code outside React (the leave-page guard's history handling) ask too.
let mounted: ConfirmFn | null = null;

export function confirm(options: ConfirmOptions): Promise<boolean> {
  if (!mounted) throw new Error('confirm() needs a mounted <ConfirmProvider>');
  return mounted(options);
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<Pending | null>(null);
  const [open, setOpen] = useState(false);
  const pendingRef = useRef<Pending | null>(null);

  const ask = useCallback<ConfirmFn>(
    (options) =>
      new Promise<boolean>((resolve) => {
        // A second question replaces the first, which counts as cancelled.
        pendingRef.current?.resolve(false);
        const next = { ...options, resolve };
        pendingRef.current = next;
        setPending(next);
        setOpen(true);
      }),
    [],
  );

  useEffect(() => {
    mounted = ask;
    return () => {
      if (mounted === ask) mounted = null;
    };
  }, [ask]);

  // Resolves at once, closes a moment later (spec §9) so the caller's next step is not delayed.
  const choose = (value: boolean) => {
    const current = pendingRef.current;
    if (!current) return;
    pendingRef.current = null;
    current.resolve(value);
    window.setTimeout(() => setOpen(false), CONFIRM_CLOSE_DELAY_MS);
  };

  const value = useMemo(() => ask, [ask]);

  return (
    <ConfirmContext.Provider value={value}>
      {children}
      <Modal
        open={open}
        width={CONFIRM_MODAL_WIDTH}
        title={
          <span>
            <ExclamationCircleFilled style={{ color: pending?.danger ? '#ff4d4f' : '#faad14', marginInlineEnd: 8 }} aria-hidden />
            {pending?.title}
          </span>
        }
        okText={pending?.okText ?? t('common.ok')}
        cancelText={pending?.cancelText ?? t('common.cancel')}
        okButtonProps={{ danger: pending?.danger ?? false }}
        onOk={() => choose(true)}
        onCancel={() => choose(false)}
        afterClose={() => setPending(null)}
        destroyOnHidden
        maskClosable={false}
        centered
      >
        {pending?.description ? <p>{pending.description}</p> : null}
      </Modal>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): ConfirmFn {
  const ctx = useContext(ConfirmContext);
  if (!ctx) throw new Error('useConfirm must be used inside <ConfirmProvider>');
  return ctx;
}
