import { DeleteOutlined, DownOutlined, EditOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { FIELD_KINDS, type EntityField, type EntityFieldInput, type EntityKind, type FieldKind, type Permission } from '@atrium/domain';
import { App, Button, Card, Dropdown, Space, Tag, Typography } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';
import { useConfirm } from '../confirm/confirm-modal';
import { EmptyState } from '../feedback/empty-state';
import { errorText } from '../feedback/form-errors';
import { useLeavePageGuard } from '../leave-guard/leave-page-guard';
import { useAccess } from '../permissions/use-access';
import { moveItem, useSortableLists } from '../sortable/use-sortable-lists';
import { usePutEntityFields, useEntityFields } from './entity-fields.api';
import { FieldEditorModal } from './field-editor.modal';
import './entity-fields.css';

// A row of the editor: the definition plus a stable id for React and drag and drop, because
// new fields have no server id yet.
type Row = { uid: string; field: EntityFieldInput };
type FieldErrors = Map<number, { attr: string; code: string }[]>;

const FLAGS = [
  'required',
  'unique',
  'hidden',
  'hideOnPortal',
  'readOnly',
  'restricted',
  'showOnList',
  'multiselect',
  'showPreview',
] as const;

// What a served definition looks like as input again: the PUT schema is strict.
function toInput(f: EntityField): EntityFieldInput {
  const { position: _position, typeId: _typeId, ...rest } = f;
  return rest;
}

let uidCounter = 0;
const nextUid = () => `new-${++uidCounter}`;

// The entity fields of one entity kind: add every kind of spec §3, edit each attribute, drag to
// reorder (or use the arrow keys on the handle), save the whole ordered list at once.
export function EntityFieldsSettings({
  entity,
  typeId,
  managePermission,
  restrictedPermission,
}: {
  entity: EntityKind;
  // the fields of one record type; without it the fields every record has
  typeId?: string;
  managePermission: Permission;
  restrictedPermission: Permission;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const { can } = useAccess();
  const query = useEntityFields(entity, typeId);
  const save = usePutEntityFields(entity, typeId);
  const [draft, setDraft] = useState<Row[] | null>(null);
  const [editing, setEditing] = useState<{ index: number | null; field: EntityFieldInput } | null>(null);
  const [errors, setErrors] = useState<FieldErrors>(new Map());
  const canManage = can({ permissions: [managePermission] });
  const canRestricted = can({ permissions: [restrictedPermission] });

  // Until the first change the editor shows the server's list.
  const rows: Row[] = draft ?? (query.data ?? []).map((f) => ({ uid: f.id, field: toInput(f) }));
  const dirty = draft !== null;
  useLeavePageGuard(dirty);

  const change = (next: Row[]) => {
    setDraft(next);
    setErrors(new Map());
  };

  const onDone = (field: EntityFieldInput) => {
    if (!editing) return;
    if (editing.index === null) change([...rows, { uid: nextUid(), field }]);
    else change(rows.map((r, i) => (i === editing.index ? { ...r, field } : r)));
    setEditing(null);
  };

  const remove = async (i: number) => {
    const row = rows[i];
    if (!row) return;
    const ok = await confirm({
      title: t('fields.deleteTitle', { label: row.field.label }),
      description: t('fields.deleteText'),
      okText: t('common.delete'),
      danger: true,
    });
    if (ok) change(rows.filter((_, j) => j !== i));
  };

  const onSave = () =>
    save.mutate(
      rows.map((r) => r.field),
      {
        onSuccess: () => {
          setDraft(null);
          setErrors(new Map());
          message.success(t('fields.saved'));
        },
        onError: (error) => {
          // fields.<index>.<attribute>: shown on the row it belongs to
          const byRow: FieldErrors = new Map();
          if (isApiError(error)) {
            for (const e of error.fieldErrors) {
              const m = /^fields\.(\d+)\.?(.*)$/.exec(e.field);
              if (!m) continue;
              const i = Number(m[1]);
              byRow.set(i, [...(byRow.get(i) ?? []), { attr: m[2] ?? '', code: e.code }]);
            }
          }
          setErrors(byRow);
          message.error(byRow.size > 0 ? t('fields.saveInvalid') : isApiError(error) ? errorText(t, error.code) : t('fields.saveFailed'));
        },
      },
    );

  const sortable = useSortableLists((_list, from, to) => change(moveItem(rows, from, to)), canManage);
  const onHandleKey = (e: KeyboardEvent, i: number) => {
    const to = sortable.handleKey(e, 'fields', i, rows.length);
    // keep the focus on the moved row's handle
    if (to !== null) window.requestAnimationFrame(() => document.querySelectorAll<HTMLElement>('.entity-field-handle')[to]?.focus());
  };

  const kindMenu = {
    items: FIELD_KINDS.map((k) => ({ key: k, label: t(`fields.kind.${k}`) })),
    onClick: ({ key }: { key: string }) => setEditing({ index: null, field: { kind: key as FieldKind, label: '' } }),
  };

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          {t('fields.title')}
        </Typography.Title>
      }
      extra={
        canManage ? (
          <Space>
            {dirty ? (
              <Button
                onClick={() => {
                  setDraft(null);
                  setErrors(new Map());
                }}
              >
                {t('common.discard')}
              </Button>
            ) : null}
            <Dropdown menu={kindMenu} trigger={['click']}>
              <Button icon={<PlusOutlined />}>
                {t('fields.add')} <DownOutlined />
              </Button>
            </Dropdown>
            <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={onSave}>
              {t('fields.save')}
            </Button>
          </Space>
        ) : null
      }
    >
      {rows.length === 0 && !query.isPending ? <EmptyState description={t('fields.empty')} /> : null}
      <ol className="entity-field-list" aria-label={t('fields.title')}>
        {rows.map((r, i) => {
          const f = r.field;
          const rowErrors = errors.get(i) ?? [];
          return (
            <li
              key={r.uid}
              className={`entity-field-row${sortable.isDragging('fields', i) ? ' is-dragging' : ''}`}
              {...sortable.rowProps('fields', i)}
            >
              <div className="entity-field-main">
                {canManage ? (
                  <Button
                    type="text"
                    size="small"
                    className="entity-field-handle"
                    icon={<HolderOutlined />}
                    aria-label={t('fields.moveHandle', { label: f.label })}
                    title={t('fields.moveHint')}
                    onKeyDown={(e) => onHandleKey(e, i)}
                  />
                ) : null}
                <Typography.Text strong>{f.label}</Typography.Text>
                <Tag>{t(`fields.kind.${f.kind}`)}</Tag>
                {f.key ? (
                  <Typography.Text type="secondary" code>
                    {f.key}
                  </Typography.Text>
                ) : null}
                {FLAGS.filter((flag) => f[flag] === true).map((flag) => (
                  <Tag key={flag} color="blue">
                    {t(`fields.flag.${flag}`)}
                  </Tag>
                ))}
                <span className="grow" />
                {canManage ? (
                  <Space size={0}>
                    <Button
                      type="text"
                      icon={<EditOutlined />}
                      aria-label={t('fields.edit', { label: f.label })}
                      onClick={() => setEditing({ index: i, field: f })}
                    />
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('fields.delete', { label: f.label })}
                      onClick={() => void remove(i)}
                    />
                  </Space>
                ) : null}
              </div>
              {rowErrors.length > 0 ? (
                <ul className="entity-field-errors" role="alert">
                  {rowErrors.map((e, j) => (
                    <li key={j}>
                      <Typography.Text type="danger">
                        {e.attr ? `${t(`fields.attr.${e.attr.split('.')[0] ?? ''}`, { defaultValue: e.attr })}: ` : ''}
                        {errorText(t, e.code)}
                      </Typography.Text>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ol>
      <FieldEditorModal
        field={editing?.field ?? null}
        others={rows.filter((_, i) => i !== editing?.index).map((r) => r.field)}
        canManageRestricted={canRestricted}
        onCancel={() => setEditing(null)}
        onDone={onDone}
      />
    </Card>
  );
}
