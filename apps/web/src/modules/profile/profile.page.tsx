import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { FILE_SIZE_LIMITS, LIMITS, type ProfileUpdate } from '@atrium/domain';
import { App, Avatar, Button, Card, Form, Input, Select, Skeleton, Space, Typography, Upload } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../platform/i18n/i18n';
import { cultureAutonym, languageOfCulture } from '../../platform/i18n/languages';
import { applyFieldErrors, errorText, maxLengthRule } from '../../platform/feedback/form-errors';
import { usePageTitle } from '../../platform/feedback/use-page-title';
import { useLeavePageGuard } from '../../platform/leave-guard/leave-page-guard';
import { useCultures, useProfile, useTimeZones, useUpdateProfile, useUploadProfilePicture } from '../../platform/profile/profile.api';
import { NotificationPreferences } from '../../platform/mail/notification-preferences';

const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

export default function ProfilePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProfileUpdate>();
  const profile = useProfile();
  const timeZones = useTimeZones();
  const cultures = useCultures();
  const update = useUpdateProfile();
  const upload = useUploadProfilePicture();
  const [dirty, setDirty] = useState(false);
  useLeavePageGuard(dirty);
  usePageTitle(t('profile.title'));

  useEffect(() => {
    if (profile.data && !dirty)
      form.setFieldsValue({ name: profile.data.name, timeZone: profile.data.timeZone, culture: profile.data.culture });
  }, [profile.data, dirty, form]);

  const timeZoneOptions = useMemo(
    () => (timeZones.data ?? []).map((z) => ({ value: z.value, label: z.label.replaceAll('_', ' ') })),
    [timeZones.data],
  );
  const cultureOptions = useMemo(
    // each named in itself, found by that name, its English one or its code
    () =>
      (cultures.data ?? []).map((c) => {
        const own = cultureAutonym(c.code);
        return { value: c.code, label: `${own} (${c.code})`, search: `${own} ${c.name} ${c.code}` };
      }),
    [cultures.data],
  );

  const onFinish = (values: ProfileUpdate) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        setDirty(false);
        message.success(t('profile.saved'));
        void changeLanguage(languageOfCulture(saved.culture));
      },
      onError: (error) => {
        if (!applyFieldErrors(form, error, t, ['name', 'timeZone', 'culture'])) message.error(t('profile.saveFailed'));
      },
    });

  const beforeUpload = (file: File) => {
    if (!PICTURE_TYPES.includes(file.type)) {
      message.error(errorText(t, 'imageType'));
      return Upload.LIST_IGNORE;
    }
    if (file.size > FILE_SIZE_LIMITS.image) {
      message.error(errorText(t, 'imageSize'));
      return Upload.LIST_IGNORE;
    }
    upload.mutate(file, {
      onSuccess: () => message.success(t('profile.pictureSaved')),
      onError: () => message.error(t('profile.pictureFailed')),
    });
    return false;
  };

  return (
    <div className="page narrow">
      <Typography.Title level={1} className="page-title">
        {t('profile.title')}
      </Typography.Title>
      <Card>
        {profile.isPending ? (
          <Skeleton active />
        ) : (
          <>
            <Space size="large" align="center" style={{ marginBottom: 24 }}>
              <Avatar size={72} src={profile.data?.pictureUrl ?? undefined} icon={<UserOutlined />} alt={t('profile.picture')} />
              <div>
                <Typography.Text strong>{profile.data?.email}</Typography.Text>
                <div style={{ marginTop: 8 }}>
                  <Upload accept={PICTURE_TYPES.join(',')} showUploadList={false} beforeUpload={beforeUpload} maxCount={1}>
                    <Button icon={<UploadOutlined />} loading={upload.isPending}>
                      {t('profile.uploadPicture')}
                    </Button>
                  </Upload>
                </div>
              </div>
            </Space>
            <Form<ProfileUpdate> form={form} layout="vertical" onValuesChange={() => setDirty(true)} onFinish={onFinish}>
              <Form.Item
                name="name"
                label={t('profile.name')}
                rules={[{ required: true, whitespace: true, message: errorText(t, 'required') }, maxLengthRule(t, LIMITS.nameMax)]}
              >
                <Input autoComplete="name" />
              </Form.Item>
              <Form.Item name="timeZone" label={t('profile.timeZone')} rules={[{ required: true, message: errorText(t, 'required') }]}>
                <Select showSearch={{ optionFilterProp: 'label' }} options={timeZoneOptions} loading={timeZones.isPending} />
              </Form.Item>
              <Form.Item name="culture" label={t('profile.culture')} rules={[{ required: true, message: errorText(t, 'required') }]}>
                <Select showSearch={{ optionFilterProp: 'search' }} options={cultureOptions} loading={cultures.isPending} />
              </Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!dirty}>
                  {t('common.save')}
                </Button>
                <Button
                  disabled={!dirty}
                  onClick={() => {
                    setDirty(false);
                    form.resetFields();
                  }}
                >
                  {t('common.discard')}
                </Button>
              </Space>
            </Form>
          </>
        )}
      </Card>
      <NotificationPreferences />
    </div>
  );
}
