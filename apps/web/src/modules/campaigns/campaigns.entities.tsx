import { campaignEntity, segmentEntity } from '@atrium/domain';
import type { WebEntity } from '../../platform/entity/web-entity';
import { SegmentQueryEditor, SegmentsPicker, TemplatePicker, WeekdaysPicker } from './campaign-editors';
import { CampaignActions, CampaignRecipients, SegmentCountBanner, SegmentRecipients } from './campaign-panels';
import { CampaignPreview } from './campaign-preview';
import { CampaignSettingsButton } from './campaign-settings';
import { CampaignStatisticsTab } from './campaign-statistics';

// Campaigns and segments on the web: lists, record pages and forms from the engine; a segment's
// filter builder with its live count and its contacts, a campaign's segments (each counted),
// template, send / schedule / suspend / resume and its recipients. The plan's feature flag
// hideCampaigns hides both entries.
export const CAMPAIGNS_ENTITIES: WebEntity[] = [
  {
    definition: segmentEntity,
    hiddenBy: 'hideCampaigns',
    editors: { query: SegmentQueryEditor },
    banner: (record) => <SegmentCountBanner record={record} />,
    tabs: [{ key: 'contacts', labelKey: 'campaigns.recipients', render: (record) => <SegmentRecipients record={record} /> }],
  },
  {
    definition: campaignEntity,
    hiddenBy: 'hideCampaigns',
    editors: { segmentIds: SegmentsPicker, emailTemplateId: TemplatePicker, sendWindowDays: WeekdaysPicker },
    actions: (record) => <CampaignActions record={record} />,
    listActions: () => <CampaignSettingsButton />,
    tabs: [
      { key: 'recipients', labelKey: 'campaigns.recipients', render: (record) => <CampaignRecipients record={record} /> },
      { key: 'statistics', labelKey: 'campaigns.statistics', render: (record) => <CampaignStatisticsTab record={record} /> },
      { key: 'preview', labelKey: 'campaigns.preview', render: (record) => <CampaignPreview record={record} /> },
    ],
  },
];
