import { SettingOutlined } from '@ant-design/icons';
import { campaignEntity, CAMPAIGN_HOURLY_LIMIT, TIME_ZONES, type CampaignSettings } from '@atrium/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, InputNumber, Modal, Select, Switch } from 'antd';
import { useState } from 'react';
import { apiRequest } from '../../platform/api/api-client';
import { workspaceKey } from '../../platform/api/query-keys';
import { useEntityText } from '../../platform/entity/entity-text';
import { applyFieldErrors } from '../../platform/feedback/form-errors';
import { useAccess } from '../../platform/permissions/use-access';

const PATH = `${campaignEntity.basePath}/settings`;
const KEY = workspaceKey('campaign-settings');
const FIELDS = ['hourlyLimit', 'dailyLimit', 'timeZone', 'openTracking'] as const;
const zoneOptions = TIME_ZONES.map((z) => ({ value: z, label: z }));

// The workspace's sending settings, from the campaigns list's toolbar: e-mails per hour and per
// day (the day in the workspace's zone), the zone of send windows (and of recipients without
// their own), and open tracking (off unless turned on here).
export function CampaignSettingsButton() {
  const { t } = useEntityText(campaignEntity);
  const { can } = useAccess();
  const [open, setOpen] = useState(false);
  if (!can({ permissions: [campaignEntity.permissions.settings] })) return null;
  return (
    <>
      <Button icon={<SettingOutlined />} onClick={() => setOpen(true)}>
        {t('campaigns.settings')}
      </Button>
      {open ? <CampaignSettingsDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function CampaignSettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useEntityText(campaignEntity);
  const { message } = App.useApp();
  const [form] = Form.useForm<CampaignSettings>();
  const qc = useQueryClient();
  const current = useQuery({ queryKey: KEY, queryFn: () => apiRequest<CampaignSettings>(PATH) });
  const save = useMutation({
    mutationFn: (body: CampaignSettings) => apiRequest<CampaignSettings>(PATH, { method: 'PUT', body }),
    onSuccess: (saved) => {
      qc.setQueryData(KEY, saved);
      void message.success(t('campaigns.settings.saved'));
      onClose();
    },
    onError: (e: unknown) => {
      if (!applyFieldErrors(form, e, t, FIELDS)) void message.error(t('errorCodes.internalServerError'));
    },
  });
  return (
    <Modal
      open
      title={t('campaigns.settings')}
      okText={t('common.save')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {current.data ? (
        <Form<CampaignSettings>
          form={form}
          layout="vertical"
          initialValues={current.data}
          onFinish={(values) => save.mutate({ ...values, dailyLimit: values.dailyLimit ?? null })}
        >
          <Form.Item name="hourlyLimit" label={t('campaigns.settings.hourlyLimit')} rules={[{ required: true }]}>
            <InputNumber min={1} max={CAMPAIGN_HOURLY_LIMIT.max} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="dailyLimit" label={t('campaigns.settings.dailyLimit')} extra={t('campaigns.settings.dailyLimitHelp')}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="timeZone" label={t('campaigns.settings.timeZone')} extra={t('campaigns.settings.timeZoneHelp')}>
            <Select showSearch options={zoneOptions} />
          </Form.Item>
          <Form.Item
            name="openTracking"
            label={t('campaigns.settings.openTracking')}
            extra={t('campaigns.settings.openTrackingHelp')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
