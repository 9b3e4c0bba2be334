import { projectEntity, projectTemplateEntity, type EntityRecord } from '@atrium/domain';
import { CopyOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../platform/api/api-client';
import { isApiError } from '../../platform/api/api-error';
import { errorText } from '../../platform/feedback/form-errors';
import { useAccess } from '../../platform/permissions/use-access';

// A project's "Save as template": the project's task stages and scheduled tasks become a new
// template under the name given, which then opens.
export function SaveAsTemplate({ record }: { record: EntityRecord }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { can } = useAccess();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const save = useMutation({
    mutationFn: (name: string) =>
      apiRequest<EntityRecord>(`${projectEntity.basePath}/${record.id}/template`, { method: 'POST', body: { name } }),
    onSuccess: (template) => {
      setOpen(false);
      message.success(t('projects.template.saved', { title: template.title }));
      navigate(`${projectTemplateEntity.web.path}/${template.id}`);
    },
    onError: (e) => form.setFields([{ name: 'name', errors: [isApiError(e) ? errorText(t, e.code) : t('entity.saveFailed')] }]),
  });
  if (!can({ permissions: [projectTemplateEntity.permissions.create] })) return null;
  return (
    <>
      <Button icon={<CopyOutlined />} onClick={() => setOpen(true)}>
        {t('projects.template.save')}
      </Button>
      <Modal
        open={open}
        title={t('projects.template.saveTitle')}
        okText={t('common.save')}
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ name: t('projects.template.defaultName', { title: record.title }) }}
          onFinish={(values) => save.mutate(values.name)}
        >
          <Form.Item
            name="name"
            label={t('projects.projectTemplate.field.name')}
            rules={[{ required: true, whitespace: true, message: t('errorCodes.required') }]}
          >
            <Input maxLength={200} autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
