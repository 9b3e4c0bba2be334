import { helpdeskEntity, type EntityRecord } from '@atrium/domain';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { WorkflowsSettings } from '../../platform/workflows/workflows-settings';
import { HelpdeskMembers } from './helpdesk-members';

// A helpdesk's settings tab (decision 094 round six): its own request stages — the engine's
// workflow settings for the requests of this helpdesk (Helpdesk.ManageProjectSettings to change) —
// and its members with their roles.
export function HelpdeskSettings({ record }: { record: EntityRecord }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('helpdesk.settings.stagesIntro')}
      </Typography.Paragraph>
      <WorkflowsSettings entity="Request" scopeId={record.id} managePermission={helpdeskEntity.permissions.settings} />
      <HelpdeskMembers helpdeskId={record.id} />
    </Space>
  );
}
