import { DeleteOutlined, EditOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import {
  MODAL_WIDTH,
  STAGE_TYPES,
  type EntityKind,
  type Permission,
  type StageType,
  type Workflow,
  type WorkflowStage,
} from '@atrium/domain';
import { App, Button, Card, Checkbox, Form, Input, InputNumber, Modal, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';
import { useConfirm } from '../confirm/confirm-modal';
import { EmptyState } from '../feedback/empty-state';
import { applyFieldErrors, errorText, maxLengthRule } from '../feedback/form-errors';
import { useAccess } from '../permissions/use-access';
import { useSortableLists } from '../sortable/use-sortable-lists';
import './workflows.css';
import {
  useCreateStage,
  useCreateWorkflow,
  useDeleteStage,
  useDeleteWorkflow,
  useMoveStage,
  useUpdateStage,
  useUpdateWorkflow,
  useWorkflows,
} from './workflows.api';

type WorkflowForm = { name: string; isDefault: boolean };
type StageForm = { name: string; stageType: StageType; color: string; wipLimit: number | null };
type Editing = { type: 'workflow'; workflow: Workflow | null } | { type: 'stage'; workflowId: string; stage: WorkflowStage | null } | null;

// Workflows (pipelines) of one entity kind and their ordered stages: create, rename, stage
// types, drag (or arrow keys on the handle) to reorder, delete where the server allows it.
// `scopeId`: the record whose own workflows these are (a project's task stages)
export function WorkflowsSettings({
  entity,
  managePermission,
  scopeId,
}: {
  entity: EntityKind;
  managePermission: Permission;
  scopeId?: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const { can } = useAccess();
  const canManage = can({ permissions: [managePermission] });
  const query = useWorkflows(entity, true, scopeId);
  const createWorkflow = useCreateWorkflow(entity);
  const updateWorkflow = useUpdateWorkflow(entity);
  const deleteWorkflow = useDeleteWorkflow(entity);
  const createStage = useCreateStage(entity);
  const updateStage = useUpdateStage(entity);
  const deleteStage = useDeleteStage(entity);
  const moveStage = useMoveStage(entity, scopeId);
  const [editing, setEditing] = useState<Editing>(null);
  const [moving, setMoving] = useState<{ stage: WorkflowStage; options: WorkflowStage[] } | null>(null);
  const [moveTo, setMoveTo] = useState<string | undefined>(undefined);
  const moveAndDelete = () => {
    if (!moving || !moveTo) return;
    deleteStage.mutate(
      { id: moving.stage.id, moveTo },
      {
        onSuccess: () => {
          setMoving(null);
          setMoveTo(undefined);
        },
        onError: failed,
      },
    );
  };
  const [workflowForm] = Form.useForm<WorkflowForm>();
  const [stageForm] = Form.useForm<StageForm>();
  const workflows = query.data ?? [];

  // the server's message for the refusal (default or linked pipeline, minimum stages)
  const failed = (error: unknown) => message.error(isApiError(error) ? errorText(t, error.code) : t('workflows.failed'));

  const onRemoveWorkflow = async (w: Workflow) => {
    const ok = await confirm({
      title: t('workflows.deleteTitle', { name: w.name }),
      description: t('workflows.deleteText'),
      okText: t('common.delete'),
      danger: true,
    });
    if (ok) deleteWorkflow.mutate(w.id, { onSuccess: () => message.success(t('workflows.deleted')), onError: failed });
  };
  const onRemoveStage = async (s: WorkflowStage) => {
    const ok = await confirm({ title: t('workflows.deleteStageTitle', { name: s.name }), okText: t('common.delete'), danger: true });
    if (!ok) return;
    deleteStage.mutate(
      { id: s.id },
      {
        // records are in it: the person chooses where they go, then it is deleted
        onError: (error) => {
          if (!isApiError(error) || error.code !== 'stageInUse') return failed(error);
          const workflow = workflows.find((w) => w.stages.some((x) => x.id === s.id));
          setMoving({ stage: s, options: (workflow?.stages ?? []).filter((x) => x.id !== s.id) });
        },
      },
    );
  };

  const reorder = (workflow: Workflow, from: number, to: number) => {
    if (from === to || to < 0 || to >= workflow.stages.length) return;
    const stages = [...workflow.stages];
    const [moved] = stages.splice(from, 1);
    if (!moved) return;
    stages.splice(to, 0, moved);
    const afterId = to === 0 ? null : (stages[to - 1]?.id ?? null);
    const optimistic = workflows.map((w) => (w.id === workflow.id ? { ...w, stages } : w));
    moveStage.mutate({ id: moved.id, move: { afterId }, optimistic }, { onError: failed });
  };
  const sortable = useSortableLists((workflowId, from, to) => {
    const workflow = workflows.find((w) => w.id === workflowId);
    if (workflow) reorder(workflow, from, to);
  }, canManage);

  const submitWorkflow = (values: WorkflowForm) => {
    if (editing?.type !== 'workflow') return;
    const body = { name: values.name.trim(), isDefault: values.isDefault ?? false };
    const done = {
      onSuccess: () => setEditing(null),
      onError: (error: Error) => applyFieldErrors(workflowForm, error, t, ['name']) || failed(error),
    };
    if (editing.workflow) updateWorkflow.mutate({ id: editing.workflow.id, body }, done);
    else createWorkflow.mutate(scopeId ? { ...body, scopeId } : body, done);
  };
  const submitStage = (values: StageForm) => {
    if (editing?.type !== 'stage') return;
    const body = { name: values.name.trim(), stageType: values.stageType, color: values.color, wipLimit: values.wipLimit ?? null };
    const done = {
      onSuccess: () => setEditing(null),
      onError: (error: Error) => applyFieldErrors(stageForm, error, t, ['name', 'color', 'wipLimit']) || failed(error),
    };
    if (editing.stage) updateStage.mutate({ id: editing.stage.id, body }, done);
    else createStage.mutate({ ...body, workflowId: editing.workflowId }, done);
  };

  const stageBeingEdited = editing?.type === 'stage' ? editing.stage : null;

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          {t('workflows.title')}
        </Typography.Title>
      }
      extra={
        canManage ? (
          <Button icon={<PlusOutlined />} onClick={() => setEditing({ type: 'workflow', workflow: null })}>
            {t('workflows.add')}
          </Button>
        ) : null
      }
    >
      {workflows.length === 0 && !query.isPending ? <EmptyState description={t('workflows.empty')} /> : null}
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        {workflows.map((w) => (
          <section key={w.id} className="workflow-block" aria-label={w.name}>
            <div className="workflow-header">
              <Typography.Title level={3} className="workflow-name">
                {w.name}
              </Typography.Title>
              {w.isDefault ? <Tag color="blue">{t('workflows.default')}</Tag> : null}
              <span className="grow" />
              {canManage ? (
                <Space size={0}>
                  <Button
                    type="text"
                    icon={<EditOutlined />}
                    aria-label={t('workflows.rename', { name: w.name })}
                    onClick={() => setEditing({ type: 'workflow', workflow: w })}
                  />
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('workflows.delete', { name: w.name })}
                    onClick={() => void onRemoveWorkflow(w)}
                  />
                  <Button icon={<PlusOutlined />} onClick={() => setEditing({ type: 'stage', workflowId: w.id, stage: null })}>
                    {t('workflows.addStage')}
                  </Button>
                </Space>
              ) : null}
            </div>
            <ol className="workflow-stages" aria-label={t('workflows.stagesOf', { name: w.name })}>
              {w.stages.map((s, i) => (
                <li
                  key={s.id}
                  className={`workflow-stage${sortable.isDragging(w.id, i) ? ' is-dragging' : ''}`}
                  {...sortable.rowProps(w.id, i)}
                >
                  {canManage ? (
                    <Button
                      type="text"
                      size="small"
                      icon={<HolderOutlined />}
                      aria-label={t('workflows.moveStage', { name: s.name })}
                      title={t('fields.moveHint')}
                      onKeyDown={(e) => sortable.handleKey(e, w.id, i, w.stages.length)}
                    />
                  ) : null}
                  <span className="stage-color" style={{ background: s.color }} aria-hidden />
                  <Typography.Text>{s.name}</Typography.Text>
                  <Tag>{t(`workflows.stageType.${s.stageType}`)}</Tag>
                  <span className="grow" />
                  {canManage ? (
                    <Space size={0}>
                      <Button
                        type="text"
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={t('workflows.editStage', { name: s.name })}
                        onClick={() => setEditing({ type: 'stage', workflowId: w.id, stage: s })}
                      />
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('workflows.deleteStage', { name: s.name })}
                        onClick={() => void onRemoveStage(s)}
                      />
                    </Space>
                  ) : null}
                </li>
              ))}
            </ol>
          </section>
        ))}
      </Space>

      <Modal
        open={editing?.type === 'workflow'}
        width={MODAL_WIDTH}
        title={editing?.type === 'workflow' && editing.workflow ? t('workflows.renameTitle') : t('workflows.add')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={createWorkflow.isPending || updateWorkflow.isPending}
        onCancel={() => setEditing(null)}
        onOk={() => workflowForm.submit()}
        destroyOnHidden
      >
        <Form<WorkflowForm>
          form={workflowForm}
          layout="vertical"
          preserve={false}
          initialValues={
            editing?.type === 'workflow' && editing.workflow
              ? { name: editing.workflow.name, isDefault: editing.workflow.isDefault }
              : { name: '', isDefault: false }
          }
          onFinish={submitWorkflow}
        >
          <Form.Item
            name="name"
            label={t('workflows.name')}
            rules={[{ required: true, whitespace: true, message: errorText(t, 'required') }, maxLengthRule(t, 100)]}
          >
            <Input autoFocus />
          </Form.Item>
          <Form.Item name="isDefault" valuePropName="checked">
            <Checkbox>{t('workflows.isDefault')}</Checkbox>
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={editing?.type === 'stage'}
        width={MODAL_WIDTH}
        title={stageBeingEdited ? t('workflows.editStageTitle') : t('workflows.addStage')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={createStage.isPending || updateStage.isPending}
        onCancel={() => setEditing(null)}
        onOk={() => stageForm.submit()}
        destroyOnHidden
      >
        <Form<StageForm>
          form={stageForm}
          layout="vertical"
          preserve={false}
          initialValues={
            stageBeingEdited
              ? {
                  name: stageBeingEdited.name,
                  stageType: stageBeingEdited.stageType,
                  color: stageBeingEdited.color,
                  wipLimit: stageBeingEdited.wipLimit,
                }
              : { name: '', stageType: 'Open', color: '#8c8c8c', wipLimit: null }
          }
          onFinish={submitStage}
        >
          <Form.Item
            name="name"
            label={t('workflows.stageName')}
            rules={[{ required: true, whitespace: true, message: errorText(t, 'required') }, maxLengthRule(t, 100)]}
          >
            <Input autoFocus />
          </Form.Item>
          <Form.Item name="stageType" label={t('workflows.stageTypeLabel')}>
            <Select options={STAGE_TYPES.map((s) => ({ value: s, label: t(`workflows.stageType.${s}`) }))} />
          </Form.Item>
          <Form.Item name="wipLimit" label={t('workflows.wipLimit')} extra={t('workflows.wipLimitHelp')}>
            <InputNumber min={1} max={999} precision={0} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="color" label={t('workflows.color')}>
            <Input type="color" style={{ width: 80 }} />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={moving !== null}
        width={MODAL_WIDTH}
        title={t('workflows.moveRecordsTitle', { name: moving?.stage.name ?? '' })}
        okText={t('workflows.moveAndDelete')}
        okButtonProps={{ danger: true, disabled: !moveTo }}
        cancelText={t('common.cancel')}
        confirmLoading={deleteStage.isPending}
        onCancel={() => {
          setMoving(null);
          setMoveTo(undefined);
        }}
        onOk={moveAndDelete}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('workflows.moveRecordsText', { name: moving?.stage.name ?? '' })}</Typography.Paragraph>
        <Form layout="vertical">
          <Form.Item label={t('workflows.moveTo')} htmlFor="workflow-stage-move-to">
            <Select
              id="workflow-stage-move-to"
              value={moveTo}
              onChange={setMoveTo}
              options={(moving?.options ?? []).map((x) => ({ value: x.id, label: x.name }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
