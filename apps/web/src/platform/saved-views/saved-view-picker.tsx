import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { LIMITS, MODAL_WIDTH, type ListViewState, type SavedView, type SavedViewKey } from '@atrium/domain';
import { App, Button, Checkbox, Form, Input, Modal, Select, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../confirm/confirm-modal';
import { applyFieldErrors, errorText } from '../feedback/form-errors';
import { useDeleteView, useSaveView } from './saved-views.api';

type SaveForm = { name: string; isDefault: boolean; shared: boolean };

export function SavedViewPicker({
  listKey,
  views,
  current,
  state,
  onSelect,
}: {
  listKey: SavedViewKey;
  views: SavedView[];
  current: SavedView | null;
  state: ListViewState & { columnWidths: Record<string, number> };
  onSelect: (view: SavedView | null) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<SaveForm>();
  const save = useSaveView(listKey);
  const remove = useDeleteView(listKey);

  const submit = (values: SaveForm, id?: string) =>
    save.mutate(
      { ...(id ? { id } : {}), body: { ...state, name: values.name.trim(), isDefault: values.isDefault, shared: values.shared } },
      {
        onSuccess: (view) => {
          setOpen(false);
          // the list keeps showing what was saved, now under the view's name
          onSelect(view);
          message.success(t('views.saved'));
        },
        onError: (error) => {
          if (!applyFieldErrors(form, error, t, ['name'])) message.error(t('views.saveFailed'));
        },
      },
    );

  const onDelete = async () => {
    if (!current) return;
    const ok = await confirm({
      title: t('views.deleteTitle', { name: current.name }),
      description: t('views.deleteText'),
      okText: t('common.delete'),
      danger: true,
    });
    if (!ok) return;
    remove.mutate(current.id, { onSuccess: () => onSelect(null) });
  };

  return (
    <Space.Compact>
      <Select
        aria-label={t('views.label')}
        style={{ minWidth: 180 }}
        value={current?.id ?? ''}
        onChange={(v) => onSelect(views.find((x) => x.id === v) ?? null)}
        options={[
          { value: '', label: t('views.standard') },
          ...views.map((v) => ({
            value: v.id,
            label: `${v.name}${v.isDefault && v.mine ? ' ★' : ''}${v.mine ? '' : ` · ${t('views.sharedBy', { name: v.ownerName ?? '' })}`}`,
          })),
        ]}
      />
      <Tooltip title={t('views.save')}>
        <Button icon={<SaveOutlined />} aria-label={t('views.save')} onClick={() => setOpen(true)} />
      </Tooltip>
      {current?.mine ? (
        <Tooltip title={t('views.delete')}>
          <Button icon={<DeleteOutlined />} aria-label={t('views.delete')} onClick={() => void onDelete()} />
        </Tooltip>
      ) : null}
      <Modal
        open={open}
        width={MODAL_WIDTH}
        title={t('views.save')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={save.isPending}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form<SaveForm>
          form={form}
          layout="vertical"
          initialValues={{
            name: current?.mine ? current.name : '',
            isDefault: current?.mine ? current.isDefault : false,
            shared: current?.mine ? current.shared : false,
          }}
          onFinish={(v) => submit(v, current?.mine && v.name.trim() === current.name ? current.id : undefined)}
          preserve={false}
        >
          <Form.Item
            name="name"
            label={t('views.name')}
            rules={[
              { required: true, whitespace: true, message: errorText(t, 'required') },
              { max: LIMITS.nameMax, message: errorText(t, 'maxLength', { max: LIMITS.nameMax }) },
            ]}
          >
            <Input autoFocus count={{ show: true, max: LIMITS.nameMax }} />
          </Form.Item>
          <Form.Item name="isDefault" valuePropName="checked" style={{ marginBottom: 8 }}>
            <Checkbox>{t('views.isDefault')}</Checkbox>
          </Form.Item>
          <Form.Item name="shared" valuePropName="checked" extra={t('views.sharedHint')}>
            <Checkbox>{t('views.shared')}</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
    </Space.Compact>
  );
}
