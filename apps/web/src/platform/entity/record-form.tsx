import { type EntityField, type EntityRecord, isContentBlock } from '@atrium/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Row, Select, Space, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../api/api-error';
import { CustomFieldItem } from '../entity-fields/custom-field-item';
import { fieldsForType } from '../entity-fields/entity-fields.api';
import { applyEntityFieldErrors } from '../entity-fields/entity-form-errors';
import { errorText } from '../feedback/form-errors';
import { changedByMe } from '../live/record-change-actors';
import { useLeavePageGuard } from '../leave-guard/leave-page-guard';
import { useAccess } from '../permissions/use-access';
import { useWorkflows } from '../workflows/workflows.api';
import { useSearchParams } from 'react-router';
import { BuiltinFieldItem } from './builtin-field-item';
import { DuplicateWarning } from './duplicates';
import type { EntityApi } from './entity-api';
import { registerPendingFiles } from '../entity-fields/pending-files';
import { useEntityText } from './entity-text';
import { ReferencePicker } from './reference-picker';
import { formFieldNames, rebase, toBody, toFormValues, type FormValues } from './record-values';

type Props = { api: EntityApi; record: EntityRecord; fields: EntityField[] };

// The fields of a record in one form, saved with the version it is based on (If-Match). When
// someone else saved in the meantime (412, or a change announced live), the form moves onto
// their version and keeps the user's own edits, and says which fields the other person changed.
export function RecordForm({ api, record, fields }: Props) {
  const { definition } = api;
  const { t, text } = useEntityText(definition);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const { can } = useAccess();
  const [form] = Form.useForm<FormValues>();
  const [, setSearch] = useSearchParams();
  const [base, setBaseState] = useState<EntityRecord>(record);
  const [dirty, setDirtyState] = useState(false);
  // the latest of both, for the cache subscription below
  const baseRef = useRef(record);
  const dirtyRef = useRef(false);
  const setBase = (r: EntityRecord) => {
    baseRef.current = r;
    setBaseState(r);
  };
  const setDirty = (d: boolean) => {
    dirtyRef.current = d;
    setDirtyState(d);
  };
  const [merged, setMerged] = useState<{ changed: string[]; conflicts: string[]; mine: boolean } | null>(null);
  const update = api.useUpdate();
  // a kind whose stages belong to a record (a task's project, a request's helpdesk) offers that
  // record's stages: the one the form names now, so a moved record offers its new owner's
  const scopeField = definition.workflowScope?.field;
  const scopeValue: unknown = Form.useWatch(scopeField ?? 'workflowScope', form);
  const scopeId = scopeField ? String((scopeValue === undefined ? base[scopeField] : scopeValue) ?? '') || undefined : undefined;
  const workflows = useWorkflows(
    definition.kind,
    definition.capabilities.workflowStage && (scopeField === undefined || scopeId !== undefined),
    scopeId,
  );
  const { disarm } = useLeavePageGuard(dirty);
  const p = definition.permissions;
  // a locked record (a converted lead) is shown, never edited: the server refuses it too
  const locked = definition.lockedWhen ? record[definition.lockedWhen.field] != null : false;
  const canEdit = can({ permissions: [p.manage] }) && !locked;
  const canManageRestricted = can({ permissions: [p.manageRestricted] });
  const typeId = Form.useWatch('typeId', form) as string | null | undefined;
  const applicable = useMemo(
    () => fieldsForType(fields, typeId === undefined ? (base.typeId as string | null) : typeId),
    [fields, typeId, base],
  );
  // a field that needs a permission to read (a project's owner) is not on the form without it
  const names = formFieldNames(definition).filter((k) => {
    const f = definition.fields[k];
    return f?.form && (!f.readPermission || can({ permissions: [f.readPermission] }));
  });
  const stages = definition.capabilities.workflowStage
    ? (workflows.data ?? []).flatMap((w) =>
        w.stages.map((s) => ({ value: s.id, label: (workflows.data?.length ?? 0) > 1 ? `${w.name}: ${s.name}` : s.name })),
      )
    : [];

  // the label of a flattened field name, for the "changed by someone else" notice
  const labelOf = (key: string) => {
    const custom = key.startsWith('customFields.') ? fields.find((f) => `customFields.${f.key}` === key) : undefined;
    return custom ? custom.label : t(definition.fields[key]?.label ?? key);
  };

  // A newer version arrived in the cache (someone else saved and it was announced live, or
  // another panel changed the record): an untouched form shows it; an edited one moves onto it
  // and keeps the user's edits.
  useEffect(() => {
    const key = JSON.stringify(api.keys.detail(record.id));
    return qc.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || JSON.stringify(event.query.queryKey) !== key) return;
      const latest = event.query.state.data as EntityRecord | undefined;
      const current = baseRef.current;
      if (!latest || latest.version <= current.version) return;
      const result = rebase(form.getFieldsValue(true), toFormValues(definition, current), toFormValues(definition, latest));
      baseRef.current = latest;
      setBaseState(latest);
      form.setFieldsValue(dirtyRef.current ? result.values : toFormValues(definition, latest));
      if (dirtyRef.current && result.changed.length > 0)
        setMerged({ changed: result.changed, conflicts: result.conflicts, mine: changedByMe(definition.kind, latest.id, latest.version) });
    });
  }, [qc, api, record.id, definition, form]);

  const submit = async (values: FormValues) => {
    const body = toBody(definition, base, values, fieldsForType(fields, values.typeId as string | null));
    // files put in file fields become the record's documents now, not when they were picked
    try {
      const { custom, registered } = await registerPendingFiles(
        { entityKind: definition.kind, entityId: base.id },
        fields,
        body.customFields as Record<string, unknown>,
      );
      body.customFields = custom;
      // a retry after a refused save must not register them twice
      for (const [key, refs] of Object.entries(registered)) form.setFieldValue(['customFields', key], refs);
    } catch {
      message.error(t('fields.uploadFailed'));
      return;
    }
    update.mutate(
      { id: base.id, body, version: base.version },
      {
        onSuccess: (saved) => {
          disarm();
          setDirty(false);
          setMerged(null);
          setBase(saved);
          form.setFieldsValue(toFormValues(definition, saved));
          message.success(text('entity.saved'));
        },
        onError: async (error) => {
          if (isApiError(error) && error.status === 412) {
            // the newer version lands in the cache; the subscription above moves the form onto it
            await qc.fetchQuery({ ...api.recordQuery(base.id), staleTime: 0 });
            return;
          }
          const keys = fields.map((f) => f.key);
          if (!applyEntityFieldErrors(form, error, t, [...names, 'typeId', 'workflowStage'], keys))
            message.error(isApiError(error) ? errorText(t, error.code) : text('entity.saveFailed'));
        },
      },
    );
  };

  // long text and structured values (opening hours) take the whole row
  const wide = (key: string) => ['longText', 'json'].includes(definition.fields[key]?.kind ?? '');

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          {t('entity.details')}
        </Typography.Title>
      }
    >
      {merged ? (
        <Alert
          type={merged.conflicts.length > 0 ? 'warning' : 'info'}
          showIcon
          closable
          onClose={() => setMerged(null)}
          style={{ marginBottom: 16 }}
          message={text(merged.mine ? 'entity.mergedTitleMine' : 'entity.mergedTitle')}
          description={
            <>
              <div>
                {t(merged.mine ? 'entity.mergedChangedMine' : 'entity.mergedChanged', { fields: merged.changed.map(labelOf).join(', ') })}
              </div>
              {merged.conflicts.length > 0 ? (
                <div>
                  {t(merged.mine ? 'entity.mergedConflictsMine' : 'entity.mergedConflicts', {
                    fields: merged.conflicts.map(labelOf).join(', '),
                  })}
                </div>
              ) : null}
              <div>{t('entity.mergedKept')}</div>
            </>
          }
        />
      ) : null}
      <Form<FormValues>
        form={form}
        // a distinct name keeps input ids unique when a create dialog opens over this form
        name={`record-${definition.kind}`}
        layout="vertical"
        initialValues={toFormValues(definition, record)}
        onFinish={(v: FormValues) => void submit(v)}
        onValuesChange={() => setDirty(true)}
        disabled={!canEdit}
      >
        <Row gutter={16}>
          {definition.types ? (
            <Col xs={24} md={12}>
              <Form.Item name="typeId" label={t('entity.field.typeId')}>
                <ReferencePicker lookup={`${definition.kind}Type`} disabled={!canEdit} />
              </Form.Item>
            </Col>
          ) : null}
          {names.map((key) => (
            <Col key={key} xs={24} md={wide(key) ? 24 : 12}>
              <BuiltinFieldItem
                definition={definition}
                name={key}
                disabled={!canEdit}
                recordId={record.id}
                {...(definition.hierarchy?.field === key ? { exclude: [record.id] } : {})}
              />
            </Col>
          ))}
          {stages.length > 0 ? (
            <Col xs={24} md={12}>
              <Form.Item name="workflowStage" label={t('entity.field.workflowStage')}>
                <Select allowClear options={stages} />
              </Form.Item>
            </Col>
          ) : null}
        </Row>
        <DuplicateWarning
          api={api}
          form={form}
          excludeId={record.id}
          {...(canEdit ? { onMerge: (otherId: string) => setSearch((s) => ({ ...Object.fromEntries(s), merge: otherId })) } : {})}
        />
        {applicable.some((f) => !f.hidden && !isContentBlock(f.kind)) ? (
          <Typography.Title level={3} style={{ fontSize: 15, marginTop: 8 }}>
            {t('entity.moreFields')}
          </Typography.Title>
        ) : null}
        {applicable.map((f) => (
          <CustomFieldItem
            key={f.id}
            field={f}
            disabled={!canEdit || f.readOnly || (f.restricted && !canManageRestricted)}
            record={{ entityKind: definition.kind, entityId: record.id }}
          />
        ))}
        {canEdit ? (
          <Space>
            <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!dirty}>
              {t('common.save')}
            </Button>
            <Button
              disabled={!dirty}
              onClick={() => {
                form.resetFields();
                form.setFieldsValue(toFormValues(definition, base));
                setDirty(false);
                setMerged(null);
              }}
            >
              {t('common.discard')}
            </Button>
          </Space>
        ) : null}
      </Form>
    </Card>
  );
}
