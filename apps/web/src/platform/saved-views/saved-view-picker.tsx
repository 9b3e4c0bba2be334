import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { LIMITS, MODAL_WIDTH, type ListViewState, type SavedView, type SavedViewKey } from '@atrium/domain';
import { App, Button, Checkbox, Form, Input, Modal, Select, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../confirm/confirm-modal';
import { applyFieldErrors, errorText } from '../feedback/form-errors';
import { useDeleteView, useSaveView } from './saved-views.api';

type SaveForm = { name: string; isDefault: boolean };

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
  state: ListViewState;
  onSelect: (id: string | null) => void;
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
      { ...(id ? { id } : {}), body: { ...state, name: values.name.trim(), isDefault: values.isDefault } },
      {
        onSuccess: (view) => {
          setOpen(false);
          onSelect(view.id);
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
        onChange={(v) => onSelect(v || null)}
        options={[
          { value: '', label: t('views.standard') },
          ...views.map((v) => ({ value: v.id, label: v.isDefault ? `${v.name} ★` : v.name })),
        ]}
      />
      <Tooltip title={t('views.save')}>
        <Button icon={<SaveOutlined />} aria-label={t('views.save')} onClick={() => setOpen(true)} />
      </Tooltip>
      {current ? (
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
          initialValues={{ name: current?.name ?? '', isDefault: current?.isDefault ?? false }}
          onFinish={(v) => submit(v, current && v.name.trim() === current.name ? current.id : undefined)}
          preserve={false}
        >
          <Form.Item
            name="name"
            label={t('views.name')}
            rules={[
              { required: true, whitespace: true, message: errorText(t, 'required') },
              { max: LIMITS.nameMax, message: errorText(t, 'maxLength') },
            ]}
          >
            <Input autoFocus maxLength={LIMITS.nameMax} />
          </Form.Item>
          <Form.Item name="isDefault" valuePropName="checked">
            <Checkbox>{t('views.isDefault')}</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
    </Space.Compact>
  );
}
