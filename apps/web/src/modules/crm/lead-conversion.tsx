import { SwapOutlined } from '@ant-design/icons';
import { contactEntity, leadEntity, opportunityEntity, organizationEntity, type EntityRecord, type LeadConversion } from '@atrium/domain';
import { Alert, App, Button, Checkbox, Descriptions, Form, Input, InputNumber, Modal, Radio, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../platform/api/api-error';
import { DateInput } from '../../platform/dates/date-input';
import { formatDate } from '../../platform/dates/format-date';
import { entityApi } from '../../platform/entity/entity-api';
import { useEntityText } from '../../platform/entity/entity-text';
import { ReferencePicker } from '../../platform/entity/reference-picker';
import { useWorkspaceCurrency } from '../../platform/entity/use-currency';
import { definitionOf, recordPath } from '../../platform/entity/web-entity';
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
  // also a deal for the new customer (issue 26): named after the company unless renamed
  const mayCreateOpportunity = can({ permissions: [opportunityEntity.permissions.create] });
  const currency = useWorkspaceCurrency();
  const [withDeal, setWithDeal] = useState(false);
  const defaultDealName = t('crm.lead.opportunityDefaultName', { name: company || record.title || t('entity.untitled') });
  const [dealName, setDealName] = useState<string | null>(null);
  const [dealValue, setDealValue] = useState<number | null>(null);
  const [dealClose, setDealClose] = useState<Dayjs | null>(null);
  const [dealNameError, setDealNameError] = useState<string | null>(null);

  const opportunity = (): LeadConversion['opportunity'] =>
    withDeal
      ? {
          name: (dealName ?? defaultDealName).trim(),
          expectedValue: dealValue,
          estimatedCloseDate: dealClose ? dealClose.format('YYYY-MM-DD') : null,
        }
      : undefined;
  const body = (): LeadConversion | null => {
    const deal = opportunity();
    const extra = deal ? { opportunity: deal } : {};
    if (to === 'Organization') return { to, organization: { mode: 'none' }, ...extra };
    if (mode === 'existing') return orgId ? { to, organization: { mode, id: orgId }, ...extra } : null;
    return { to, organization: { mode }, ...extra };
  };
  const submit = () => {
    const b = body();
    if (!b) {
      setError(t('crm.lead.convertPickOrganization'));
      return;
    }
    if (b.opportunity && !b.opportunity.name) {
      setDealNameError(errorText(t, 'required'));
      return;
    }
    // the promise, not mutate's callbacks: the lead's live event can turn the page to Converted
    // before the answer arrives, which unmounts this dialog, and mutate's callbacks would then
    // never run (no message, no way to the new record)
    void convert.mutateAsync({ lead: record, body: b }).then(
      (result) => {
        const deal = result.opportunity;
        const dealPath = deal ? recordPath('Opportunity', deal.id) : undefined;
        message.success({
          content: deal ? (
            <span>
              {t('crm.lead.convertedWithOpportunity', { title: result.created.title })}{' '}
              {/* a message lives outside the router: a plain link that navigates through it */}
              {dealPath ? (
                <a
                  href={dealPath}
                  onClick={(e) => {
                    e.preventDefault();
                    void navigate(dealPath);
                  }}
                >
                  {deal.title}
                </a>
              ) : (
                deal.title
              )}
            </span>
          ) : (
            t('crm.lead.converted', { title: result.created.title })
          ),
          // long enough to follow the link
          ...(deal ? { duration: 10 } : {}),
        });
        onClose();
        const to = recordPath(result.created.kind, result.created.id);
        if (to) void navigate(to);
      },
      (e: unknown) => {
        // the opportunity's fields say what is wrong with them
        const name = isApiError(e) ? e.fieldError('opportunity.name') : undefined;
        if (name) {
          setDealNameError(errorText(t, name.code));
          return;
        }
        const deal = isApiError(e) ? e.fieldErrors.find((f) => f.field.startsWith('opportunity.')) : undefined;
        const label = deal?.field === 'opportunity.expectedValue' ? 'crm.lead.opportunityValue' : 'crm.lead.opportunityClose';
        if (deal) setError(`${t(label)}: ${errorText(t, deal.code)}`);
        else setError(isApiError(e) ? errorText(t, e.code) : t('entity.saveFailed'));
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
        {mayCreateOpportunity ? (
          <Form.Item>
            <Checkbox checked={withDeal} onChange={(e) => setWithDeal(e.target.checked)}>
              {t('crm.lead.alsoOpportunity')}
            </Checkbox>
          </Form.Item>
        ) : null}
        {withDeal ? (
          <>
            <Form.Item
              label={t('crm.lead.opportunityName')}
              htmlFor="lead-deal-name"
              required
              {...(dealNameError ? { validateStatus: 'error' as const, help: dealNameError } : {})}
            >
              <Input
                id="lead-deal-name"
                value={dealName ?? defaultDealName}
                maxLength={200}
                onChange={(e) => {
                  setDealName(e.target.value);
                  setDealNameError(null);
                }}
              />
            </Form.Item>
            <Space wrap style={{ width: '100%' }}>
              <Form.Item label={t('crm.lead.opportunityValue')} htmlFor="lead-deal-value">
                <InputNumber
                  id="lead-deal-value"
                  min={0}
                  precision={2}
                  addonAfter={currency}
                  value={dealValue}
                  onChange={(v) => setDealValue(typeof v === 'number' ? v : null)}
                />
              </Form.Item>
              <Form.Item label={t('crm.lead.opportunityClose')} htmlFor="lead-deal-close">
                <DateInput id="lead-deal-close" value={dealClose} onChange={setDealClose} />
              </Form.Item>
            </Space>
          </>
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
          ...(withDeal ? [{ key: 'deal', label: t('crm.opportunity.singular'), children: dealName ?? defaultDealName }] : []),
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('crm.lead.convertMoves')}
      </Typography.Paragraph>
      {error ? <Alert type="error" showIcon message={error} role="alert" /> : null}
    </Modal>
  );
}

// Above a converted lead's panels: what it became, by name, with a link there; the lead itself
// is read-only (the definition's lockedWhen).
export function ConvertedLeadBanner({ record }: { record: EntityRecord }) {
  const { t } = useEntityText(leadEntity);
  const kind = String(record.convertedToKind ?? 'Contact');
  const id = typeof record.convertedToId === 'string' ? record.convertedToId : '';
  const target = useConvertedTarget(kind, id, Boolean(record.convertedAt));
  if (!record.convertedAt) return null;
  const path = id ? recordPath(kind, id) : undefined;
  const what = t(kind === 'Organization' ? 'crm.organization.singular' : 'crm.contact.singular');
  // the new record's name, or its kind when the reader may not see it (or it is gone)
  const name = target.data?.title || what;
  const date = formatDate(String(record.convertedAt), 'date');
  // the caption places the name (word order differs by language); the name becomes the link
  const [before = '', after = ''] = t('crm.lead.convertedOn', { title: NAME_SLOT, date }).split(NAME_SLOT);
  return (
    <Alert
      type="success"
      showIcon
      style={{ marginBottom: 16 }}
      message={
        <span>
          {before}
          {path ? <Link to={path}>{name}</Link> : name}
          {after}
        </span>
      }
      description={t('crm.lead.convertedReadOnly', { kind: what })}
      action={path ? <Link to={path}>{t('crm.lead.openConverted', { kind: what })}</Link> : null}
    />
  );
}

const NAME_SLOT = '\u0001';

function useConvertedTarget(kind: string, id: string, enabled: boolean) {
  const api = entityApi(definitionOf(kind === 'Organization' ? 'Organization' : 'Contact'));
  return useQuery({ ...api.recordQuery(id), enabled: enabled && id !== '', retry: false });
}
