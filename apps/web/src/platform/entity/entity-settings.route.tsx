import type { EntityDefinition } from '@atrium/domain';
import { Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { EntityFieldsSettings } from '../entity-fields/entity-fields-settings';
import { usePageTitle } from '../feedback/use-page-title';
import { WorkflowsSettings } from '../workflows/workflows-settings';
import { useEntityText } from './entity-text';
import { RecordTypesSettings } from './record-types-settings';

// The settings of a kind, from its definition: custom fields, record types with their own
// fields, workflows. The tab shown is in the address (?tab=types), as a record page's is.
export function EntitySettingsRoute({ definition }: { definition: EntityDefinition }) {
  const { t, text } = useEntityText(definition);
  const p = definition.permissions;
  usePageTitle(text('entity.settingsTitle'));
  const [search, setSearch] = useSearchParams();
  const items = [
    ...(definition.capabilities.customFields
      ? [
          {
            key: 'fields',
            label: t('fields.title'),
            children: (
              <EntityFieldsSettings entity={definition.kind} managePermission={p.settings} restrictedPermission={p.manageRestricted} />
            ),
          },
        ]
      : []),
    ...(definition.types ? [{ key: 'types', label: t('types.title'), children: <RecordTypesSettings definition={definition} /> }] : []),
    ...(definition.capabilities.workflowStage
      ? [
          {
            key: 'workflows',
            label: t('workflows.title'),
            children: <WorkflowsSettings entity={definition.kind} managePermission={p.settings} />,
          },
        ]
      : []),
  ];
  return (
    <div className="page">
      <div className="page-header">
        <Typography.Title level={1} className="page-title">
          {text('entity.settingsTitle')}
        </Typography.Title>
      </div>
      <Tabs
        items={items}
        activeKey={items.some((i) => i.key === search.get('tab')) ? (search.get('tab') ?? undefined) : items[0]?.key}
        onChange={(tab) => setSearch(tab === items[0]?.key ? {} : { tab }, { replace: true })}
      />
    </div>
  );
}
