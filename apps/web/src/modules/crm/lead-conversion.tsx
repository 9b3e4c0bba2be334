import { SwapOutlined } from '@ant-design/icons';
import { contactEntity, leadEntity, organizationEntity, type EntityRecord, type LeadConversion } from '@atrium/domain';
import { Alert, App, Button, Descriptions, Form, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../platform/api/api-error';
import { formatDate } from '../../platform/dates/format-date';
import { useEntityText } from '../../platform/entity/entity-text';
import { ReferencePicker } from '../../platform/entity/reference-picker';
import { recordPath } from '../../platform/entity/web-entity';
import { errorText } from '../../platform/feedback/form-errors';
import { useAccess } from '../../platform/permissions/use-access';
import { useConvertLead, useSameNameOrganization } from './lead-conversion.api';

type Target = LeadConversion['to'];
type OrgMode = LeadConversion['organization']['mode'];

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

// The "Convert" button of a lead's record page: a dialog that says what will be created and lets
// the user link the new contact to an existing organization instead of creating one.
export function ConvertLeadAction({ record }: { record: EntityRecord }) {
  const { t } = useEntityText(leadEntity);
  const { can } = useAccess();
  const [open, setOpen] = useState(false);
  if (record.convertedAt || record.archived) return null;
  if (!can({ permissions: [leadEntity.permissions.manage] })) return null;
  if (!can({ permissions: [contactEntity.permissions.create] }) && !can({ permissions: [organizationEntity.permissions.create] }))
    return null;
  return (
    <>
      <Button type="primary" icon={<SwapOutlined />} onClick={() => setOpen(true)}>
        {t('crm.lead.convert')}
      </Button>
      {open ? <ConvertLeadDialog record={record} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ConvertLeadDialog({ record, onClose }: { record: EntityRecord; onClose: () => void }) {
  const { t } = useEntityText(leadEntity);
  const { can } = useAccess();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const convert = useConvertLead();
  const company = text(record.organization);
  const mayCreateContact = can({ permissions: [contactEntity.permissions.create] });
  const mayCreateOrganization = can({ permissions: [organizationEntity.permissions.create] });
  const [to, setTo] = useState<Target>(mayCreateContact ? 'Contact' : 'Organization');
  const sameName = useSameNameOrganization(company, to === 'Contact');
  // the choice follows what exists: an organization of that name, else a new one, else none
  const [chosenMode, setMode] = useState<OrgMode | null>(null);
  const [existingId, setExistingId] = useState<string | null>(null);
  const suggested: OrgMode = sameName.data ? 'existing' : company && mayCreateOrganization ? 'new' : 'none';
  const mode = chosenMode ?? suggested;
  const orgId = existingId ?? (mode === 'existing' ? (sameName.data?.value ?? null) : null);
  const [error, setError] = useState<string | null>(null);

  const body = (): LeadConversion | null => {
    if (to === 'Organization') return { to, organization: { mode: 'none' } };
    if (mode === 'existing') return orgId ? { to, organization: { mode, id: orgId } } : null;
    return { to, organization: { mode } };
  };
  const submit = () => {
    const b = body();
    if (!b) {
      setError(t('crm.lead.convertPickOrganization'));
      return;
    }
    convert.mutate(
      { lead: record, body: b },
      {
        onSuccess: (result) => {
          message.success(t('crm.lead.converted', { title: result.created.title }));
          onClose();
          const to = recordPath(result.created.kind, result.created.id);
          if (to) void navigate(to);
        },
        onError: (e) => setError(isApiError(e) ? errorText(t, e.code) : t('entity.saveFailed')),
      },
    );
  };

  const title = record.title || t('entity.untitled');
  const newName = to === 'Contact' ? title : company || title;
  return (
    <Modal
      open
      title={t('crm.lead.convertTitle', { title })}
      okText={t('crm.lead.convert')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={convert.isPending}
      okButtonProps={{ disabled: to === 'Contact' && mode === 'existing' && !orgId }}
    >
      <Form layout="vertical" requiredMark={false}>
        <Form.Item label={t('crm.lead.convertInto')}>
          <Radio.Group value={to} onChange={(e) => setTo(e.target.value as Target)} optionType="button">
            <Radio value="Contact" disabled={!mayCreateContact}>
              {t('crm.contact.singular')}
            </Radio>
            <Radio value="Organization" disabled={!mayCreateOrganization}>
              {t('crm.organization.singular')}
            </Radio>
          </Radio.Group>
        </Form.Item>
        {to === 'Contact' ? (
          <Form.Item label={t('crm.contact.field.organizationId')}>
            <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as OrgMode)}>
              <Space direction="vertical">
                <Radio value="existing">{t('crm.lead.orgExisting')}</Radio>
                {mode === 'existing' ? (
                  <ReferencePicker
                    lookup="Organization"
                    value={orgId}
                    onChange={(v) => setExistingId(typeof v === 'string' ? v : null)}
                    aria-label={t('crm.lead.orgPick')}
                  />
                ) : null}
                <Radio value="new" disabled={!company || !mayCreateOrganization}>
                  {company ? t('crm.lead.orgNew', { name: company }) : t('crm.lead.orgNewNone')}
                </Radio>
                <Radio value="none">{t('crm.lead.orgNone')}</Radio>
              </Space>
            </Radio.Group>
          </Form.Item>
        ) : null}
      </Form>
      <Descriptions
        size="small"
        column={1}
        bordered
        title={t('crm.lead.convertWillCreate')}
        items={[
          { key: 'kind', label: t(to === 'Contact' ? 'crm.contact.singular' : 'crm.organization.singular'), children: newName },
          ...(to === 'Contact' && mode === 'new' && company
            ? [{ key: 'org', label: t('crm.organization.singular'), children: company }]
            : []),
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('crm.lead.convertMoves')}
      </Typography.Paragraph>
      {error ? <Alert type="error" showIcon message={error} role="alert" /> : null}
    </Modal>
  );
}

// Above a converted lead's panels: what it became, with a link there.
export function ConvertedLeadBanner({ record }: { record: EntityRecord }) {
  const { t } = useEntityText(leadEntity);
  if (!record.convertedAt) return null;
  const kind = String(record.convertedToKind ?? '');
  const path = typeof record.convertedToId === 'string' ? recordPath(kind, record.convertedToId) : undefined;
  const what = t(kind === 'Organization' ? 'crm.organization.singular' : 'crm.contact.singular');
  return (
    <Alert
      type="success"
      showIcon
      style={{ marginBottom: 16 }}
      message={t('crm.lead.convertedOn', { kind: what, date: formatDate(String(record.convertedAt), 'dateTime') })}
      action={path ? <Link to={path}>{t('crm.lead.openConverted', { kind: what })}</Link> : null}
    />
  );
}
