import { isContentBlock, type EntityDefinition, type EntityField, type EntityRecord } from '@atrium/domain';
import { Col, Row, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CollaboratorsPanel } from '../collaborators/collaborators.panel';
import { DocumentsPanel } from '../documents/documents.panel';
import { customKeyOf } from '../entity-fields/field-value';
import { LinkedRecordsPanel } from '../linked-records/linked-records.panel';
import { NotesPanel } from '../notes/notes.panel';
import { useAccess } from '../permissions/use-access';
import { TagsPanel } from '../tags/tags.panel';
import { ActivityTimeline } from './activity-timeline';
import type { EntityApi } from './entity-api';
import { RecordForm } from './record-form';
import { recordPath, webEntities } from './web-entity';

// The record's fields and the shared panels its definition declares (capabilities), each shown
// only to those whose permissions allow it.
export function RecordPanels({ api, record, fields }: { api: EntityApi; record: EntityRecord; fields: EntityField[] }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const definition: EntityDefinition = api.definition;
  const { capabilities: caps, permissions: p, kind } = definition;
  const ref = { entityKind: kind, entityId: record.id } as const;
  const allowed = (perm: string | null) => perm === null || can({ permissions: [perm as never] });
  const labels = useMemo(() => new Map(fields.filter((f) => !isContentBlock(f.kind)).map((f) => [f.key, f.label])), [fields]);
  const fieldLabel = (field: string) => {
    const custom = customKeyOf(field);
    if (custom !== null) return labels.get(custom) ?? custom;
    const f = definition.fields[field];
    return f ? t(f.label) : field;
  };
  const [firstLinkable, ...moreLinkable] = webEntities()
    .filter((e) => e.definition.capabilities.linkedEntities)
    .map((e) => e.definition.kind);

  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      <Col xs={24} lg={14}>
        <RecordForm key={record.id} api={api} record={record} fields={fields} />
      </Col>
      <Col xs={24} lg={10}>
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          {caps.tags ? <TagsPanel record={ref} canEdit={allowed(p.manage)} /> : null}
          {caps.collaborators ? <CollaboratorsPanel record={ref} /> : null}
          {caps.linkedEntities && firstLinkable ? (
            <LinkedRecordsPanel record={ref} kinds={[firstLinkable, ...moreLinkable]} pathOf={recordPath} />
          ) : null}
        </Space>
      </Col>
      {caps.notes ? (
        <Col xs={24} lg={14}>
          <NotesPanel record={ref} canAdd={allowed(p.addNote)} />
        </Col>
      ) : null}
      {allowed(p.timeline) ? (
        <Col xs={24} lg={10}>
          <ActivityTimeline target={kind} targetId={record.id} fieldLabel={fieldLabel} />
        </Col>
      ) : null}
      {caps.documents ? (
        <Col xs={24}>
          <DocumentsPanel record={ref} canAdd={allowed(p.addDocument)} />
        </Col>
      ) : null}
    </Row>
  );
}
