import { AI_PROMPT_MAX, AI_TASKS, type AiTask, type EntityDefinition, type EntityRecord } from '@atrium/domain';
import { Alert, Button, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';
import { errorText } from '../feedback/form-errors';
import { streamAiPrompt, useAiStatus } from './mail.api';

type State = 'idle' | 'streaming' | 'done' | 'stopped' | 'failed';

// "Subject: …" on the first line of a drafted e-mail, then the body.
export function splitDraft(text: string): { subject: string; body: string } {
  const m = /^\s*subject:\s*(.*)\n+/i.exec(text);
  return m ? { subject: (m[1] ?? '').trim(), body: text.slice(m[0].length).trim() } : { subject: '', body: text.trim() };
}

// The AI prompt on a record (spec §7): draft an e-mail or a note, summarise the activity, or
// ask. The answer streams in as it is written; Stop cancels it (and the model's work upstream).
export function AiAssistantModal({
  definition,
  record,
  onClose,
  onUseAsEmail,
}: {
  definition: EntityDefinition;
  record: EntityRecord;
  onClose: () => void;
  onUseAsEmail: (draft: { subject: string; body: string }) => void;
}) {
  const { t } = useTranslation();
  const status = useAiStatus();
  const [task, setTask] = useState<AiTask>('draftEmail');
  const [prompt, setPrompt] = useState('');
  const [text, setText] = useState('');
  const [state, setState] = useState<State>('idle');
  const [error, setError] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  // closing the dialog cancels what is under way
  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setText('');
    setError(null);
    setState('streaming');
    try {
      await streamAiPrompt({ task, entityKind: definition.kind, entityId: record.id, prompt }, controller.signal, (e) => {
        if (e.type === 'delta') setText((s) => s + e.text);
        else if (e.type === 'done') setState('done');
        else {
          setError(e.message || t('errorCodes.aiResponseFailed'));
          setState('failed');
        }
      });
      setState((s) => (s === 'streaming' ? 'done' : s));
    } catch (e) {
      if (controller.signal.aborted) return;
      setError(isApiError(e) ? errorText(t, e.code) : t('errorCodes.aiResponseFailed'));
      setState('failed');
    }
  };
  const stop = () => {
    running.current?.abort();
    setState('stopped');
  };

  const configured = status.data?.configured ?? true;
  return (
    <Modal
      open
      title={t('ai.title', { title: record.title })}
      onCancel={onClose}
      width={720}
      footer={
        <Space wrap>
          <Button onClick={onClose}>{t('common.close')}</Button>
          {state === 'streaming' ? (
            <Button danger onClick={stop}>
              {t('ai.stop')}
            </Button>
          ) : (
            <Button type="primary" disabled={!configured || (task === 'ask' && !prompt.trim())} onClick={() => void start()}>
              {t('ai.generate')}
            </Button>
          )}
          {task === 'draftEmail' && (state === 'done' || state === 'stopped') && text ? (
            <Button onClick={() => onUseAsEmail(splitDraft(text))}>{t('ai.useAsEmail')}</Button>
          ) : null}
        </Space>
      }
    >
      {!configured ? <Alert type="info" showIcon message={t('errorCodes.aiNotConfigured')} style={{ marginBottom: 16 }} /> : null}
      <Form layout="vertical">
        <Form.Item label={t('ai.task')}>
          <Radio.Group
            aria-label={t('ai.task')}
            optionType="button"
            value={task}
            onChange={(e) => setTask(e.target.value as AiTask)}
            options={AI_TASKS.map((x) => ({ value: x, label: t(`ai.tasks.${x}`) }))}
            style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8 }}
          />
        </Form.Item>
        <Form.Item label={t('ai.prompt')}>
          <Input.TextArea
            value={prompt}
            maxLength={AI_PROMPT_MAX}
            autoSize={{ minRows: 2, maxRows: 6 }}
            onChange={(e) => setPrompt(e.target.value)}
          />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} /> : null}
      <div role="log" aria-live="polite" aria-label={t('ai.answer')} aria-busy={state === 'streaming'}>
        {text || state === 'streaming' ? (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', background: '#f5f6fa', padding: 12, borderRadius: 8, minHeight: 48 }}>
            {text}
          </Typography.Paragraph>
        ) : null}
        {state === 'stopped' ? <Typography.Text type="secondary">{t('ai.stopped')}</Typography.Text> : null}
      </div>
    </Modal>
  );
}
