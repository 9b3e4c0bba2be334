import { MailOutlined, RobotOutlined } from '@ant-design/icons';
import type { EntityDefinition, EntityRecord } from '@atrium/domain';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../permissions/use-access';
import { AiAssistantModal } from './ai-assistant.modal';
import { useAiStatus } from './mail.api';
import { SendEmailModal } from './send-email.modal';

// The record page's "Send e-mail" and "AI" buttons, for every kind that declares them.
export function RecordMailActions({ definition, record }: { definition: EntityDefinition; record: EntityRecord }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const [open, setOpen] = useState<'email' | 'ai' | null>(null);
  const [draft, setDraft] = useState<{ subject: string; body: string } | undefined>(undefined);
  const p = definition.permissions;
  const mail = definition.capabilities.email && can({ permissions: [p.view] });
  const mayAsk = definition.capabilities.ai && p.ai !== null && can({ permissions: [p.view, p.ai] });
  // no AI button on a server without AI (no AI_BASE_URL/AI_MODEL): it could only fail (issue 26, item 5)
  const aiStatus = useAiStatus(mayAsk);
  const ai = mayAsk && aiStatus.data?.configured === true;
  if (!mail && !ai) return null;
  return (
    <>
      {mail ? (
        <Button
          icon={<MailOutlined />}
          onClick={() => {
            setDraft(undefined);
            setOpen('email');
          }}
        >
          {t('email.action')}
        </Button>
      ) : null}
      {ai ? (
        <Button icon={<RobotOutlined />} onClick={() => setOpen('ai')}>
          {t('ai.action')}
        </Button>
      ) : null}
      {open === 'email' ? <SendEmailModal definition={definition} record={record} initial={draft} onClose={() => setOpen(null)} /> : null}
      {open === 'ai' ? (
        <AiAssistantModal
          definition={definition}
          record={record}
          onClose={() => setOpen(null)}
          onUseAsEmail={(d) => {
            setDraft(d);
            setOpen('email');
          }}
        />
      ) : null}
    </>
  );
}
