import { widgetSnippet, type WidgetTarget } from '@atrium/domain';
import { CodeOutlined, CopyOutlined } from '@ant-design/icons';
import { App, Button, Input, Modal, Space, Typography } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The widget's live preview: the snippet itself, run here — the same script tag a site owner
// pastes, so the preview shows what their site will (decision 098).
function WidgetPreview({ snippet }: { snippet: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const holder = document.createElement('div');
    holder.innerHTML = snippet;
    const tag = holder.firstElementChild;
    if (!(tag instanceof HTMLScriptElement)) return;
    // a script put in by innerHTML never runs; a created one does
    const script = document.createElement('script');
    for (const { name, value } of Array.from(tag.attributes)) script.setAttribute(name, value);
    el.append(script);
    return () => el.replaceChildren();
  }, [snippet]);
  return <div ref={box} className="widget-preview" />;
}

// "Embed" on a page that is on the portal (a booking page, a helpdesk): the script tag to copy
// into another site, a Copy button and the live preview.
export function EmbedAction({ target }: { target: WidgetTarget }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const id = useId();
  const snippet = widgetSnippet(window.location.origin, target);
  const copy = () =>
    navigator.clipboard.writeText(snippet).then(
      () => void message.success(t('widgets.copied')),
      () => void message.error(t('widgets.copyFailed')),
    );
  return (
    <>
      <Button icon={<CodeOutlined />} onClick={() => setOpen(true)}>
        {t('widgets.embed')}
      </Button>
      <Modal open={open} title={t('widgets.embedTitle')} onCancel={() => setOpen(false)} footer={null} width={760} destroyOnHidden>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Paragraph style={{ margin: 0 }}>{t('widgets.embedText')}</Typography.Paragraph>
          <label htmlFor={id}>{t('widgets.snippet')}</label>
          <Input.TextArea
            id={id}
            readOnly
            value={snippet}
            autoSize
            style={{ fontFamily: 'monospace' }}
            onFocus={(e) => e.target.select()}
          />
          <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()}>
            {t('widgets.copy')}
          </Button>
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            {t('widgets.preview')}
          </Typography.Title>
          <WidgetPreview snippet={snippet} />
        </Space>
      </Modal>
    </>
  );
}
