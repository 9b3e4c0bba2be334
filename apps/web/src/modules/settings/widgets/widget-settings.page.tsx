import { WIDGET_COLOR_PATTERN, WIDGET_ORIGINS_MAX, widgetSnippet, type WidgetSettingsUpdate } from '@atrium/domain';
import { CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, ConfigProvider, Form, Input, Radio, Skeleton, Space, theme as antdTheme, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../platform/api/api-error';
import { errorText } from '../../../platform/feedback/form-errors';
import { usePageTitle } from '../../../platform/feedback/use-page-title';
import { useAccess } from '../../../platform/permissions/use-access';
import { useCurrentTenantId } from '../../../platform/workspace/workspace-store';
import { useMyTenants } from '../../workspaces';
import { useUpdateWidgetSettings, useWidgetSettings, useWidgetTargets, type NamedWidgetTarget } from './widget-settings.api';

type WidgetForm = { allowedOrigins: string[]; primaryColor: string; appearance: 'light' | 'dark' };

function EmbedCode({ item }: { item: NamedWidgetTarget }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const id = useId();
  const snippet = widgetSnippet(window.location.origin, item.target);
  const label = t(item.target.type === 'BookingWidget' ? 'widgetSettings.bookingPage' : 'widgetSettings.helpdesk', { name: item.name });
  const copy = () =>
    navigator.clipboard.writeText(snippet).then(
      () => void message.success(t('widgets.copied')),
      () => void message.error(t('widgets.copyFailed')),
    );
  return (
    <div className="widget-code">
      <label htmlFor={id}>{label}</label>
      <Input.TextArea
        id={id}
        readOnly
        value={snippet}
        autoSize
        style={{ fontFamily: 'monospace', margin: '4px 0' }}
        onFocus={(e) => e.target.select()}
      />
      <Button icon={<CopyOutlined />} onClick={() => void copy()} aria-label={`${t('widgets.copy')}: ${label}`}>
        {t('widgets.copy')}
      </Button>
    </div>
  );
}

// The embedded pages in the chosen theme: a heading, a line and the primary button.
function ThemePreview({ color, dark }: { color: string; dark: boolean }) {
  const { t } = useTranslation();
  const valid = WIDGET_COLOR_PATTERN.test(color);
  return (
    <ConfigProvider
      theme={{ algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm, token: valid ? { colorPrimary: color } : {} }}
    >
      <Card size="small" aria-label={t('widgetSettings.preview')} data-testid="widget-theme-preview" style={{ maxWidth: 360 }}>
        <Typography.Paragraph strong>{t('widgetSettings.previewText')}</Typography.Paragraph>
        <Button type="primary">{t('widgetSettings.previewButton')}</Button>
      </Card>
    </ConfigProvider>
  );
}

// Settings › Widgets (decision 098): the embed codes of the workspace's booking pages and
// helpdesks, the sites that may embed them and the embedded pages' theme.
export default function WidgetSettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { can } = useAccess();
  const manage = can({ permissions: ['Setting.ManageWorkspace'] });
  const tenantId = useCurrentTenantId();
  const workspace = useMyTenants().data?.find((w) => w.id === tenantId)?.slug;
  const state = useWidgetSettings();
  const targets = useWidgetTargets(workspace);
  const update = useUpdateWidgetSettings();
  const [form] = Form.useForm<WidgetForm>();
  const color = Form.useWatch('primaryColor', form) ?? '';
  const appearance = Form.useWatch('appearance', form) ?? 'light';
  usePageTitle(t('widgetSettings.title'));

  const onSave = (values: WidgetForm) => {
    const body: WidgetSettingsUpdate = {
      allowedOrigins: (values.allowedOrigins ?? []).map((o) => o.trim()).filter(Boolean),
      primaryColor: values.primaryColor?.trim() || null,
      dark: values.appearance === 'dark',
    };
    update.mutate(body, {
      onSuccess: (saved) => {
        form.setFieldsValue({ allowedOrigins: saved.allowedOrigins });
        message.success(t('widgetSettings.saved'));
      },
      onError: (error) => {
        if (!isApiError(error) || error.fieldErrors.length === 0) return void message.error(t('widgetSettings.saveFailed'));
        // allowedOrigins.N names the site of the list the person sent (empty lines left out)
        const sent = (values.allowedOrigins ?? []).map((o, i) => ({ o: o.trim(), i })).filter((x) => x.o);
        form.setFields(
          error.fieldErrors.map((e) => {
            const item = /^allowedOrigins\.(\d+)$/.exec(e.field);
            const index = item ? sent[Number(item[1])]?.i : undefined;
            const name =
              index !== undefined ? ['allowedOrigins', index] : e.field === 'primaryColor' ? ['primaryColor'] : ['allowedOrigins'];
            return { name: name as never, errors: [errorText(t, e.code, e)] };
          }),
        );
        message.error(t('widgetSettings.saveFailed'));
      },
    });
  };

  const data = state.data;
  return (
    <div className="page narrow">
      <Typography.Title level={1} className="page-title">
        {t('widgetSettings.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('widgetSettings.intro')}</Typography.Paragraph>
      {state.isPending || !data ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Card
            title={
              <Typography.Title level={2} className="section-title" style={{ margin: 0 }}>
                {t('widgetSettings.codes')}
              </Typography.Title>
            }
          >
            {targets.isPending && workspace ? (
              <Skeleton active />
            ) : (targets.data ?? []).length === 0 ? (
              <Typography.Paragraph type="secondary">{t('widgetSettings.noCodes')}</Typography.Paragraph>
            ) : (
              <Space direction="vertical" size="middle" style={{ width: '100%' }}>
                <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                  {t('widgetSettings.codesText')}
                </Typography.Paragraph>
                {(targets.data ?? []).map((item) => (
                  <EmbedCode key={`${item.target.type}:${item.name}`} item={item} />
                ))}
              </Space>
            )}
          </Card>
          <Form
            form={form}
            layout="vertical"
            onFinish={onSave}
            disabled={!manage}
            initialValues={{
              allowedOrigins: data.allowedOrigins,
              primaryColor: data.primaryColor ?? '',
              appearance: data.dark ? 'dark' : 'light',
            }}
          >
            <Space direction="vertical" size="large" style={{ width: '100%' }}>
              <Card
                title={
                  <Typography.Title level={2} className="section-title" style={{ margin: 0 }}>
                    {t('widgetSettings.sites')}
                  </Typography.Title>
                }
              >
                <Typography.Paragraph type="secondary">{t('widgetSettings.sitesText')}</Typography.Paragraph>
                <Form.List name="allowedOrigins">
                  {(fields, { add, remove }) => (
                    <>
                      {fields.length === 0 && <Typography.Paragraph>{t('widgetSettings.anySite')}</Typography.Paragraph>}
                      {fields.map((field, index) => (
                        <Space key={field.key} align="start" style={{ display: 'flex', width: '100%' }} className="widget-site">
                          <Form.Item name={field.name} style={{ flex: 1, minWidth: 0, marginBottom: 8 }} validateTrigger="onBlur">
                            <Input
                              aria-label={t('widgetSettings.site', { number: index + 1 })}
                              placeholder="https://www.example.com"
                              autoComplete="off"
                              inputMode="url"
                              style={{ width: 'min(420px, 100%)' }}
                            />
                          </Form.Item>
                          <Button
                            icon={<DeleteOutlined />}
                            aria-label={t('widgetSettings.removeSite', { number: index + 1 })}
                            onClick={() => remove(field.name)}
                          />
                        </Space>
                      ))}
                      <Button icon={<PlusOutlined />} onClick={() => add('')} disabled={!manage || fields.length >= WIDGET_ORIGINS_MAX}>
                        {t('widgetSettings.addSite')}
                      </Button>
                    </>
                  )}
                </Form.List>
              </Card>
              <Card
                title={
                  <Typography.Title level={2} className="section-title" style={{ margin: 0 }}>
                    {t('widgetSettings.theme')}
                  </Typography.Title>
                }
              >
                <Form.Item
                  name="primaryColor"
                  label={t('widgetSettings.primaryColor')}
                  extra={t('widgetSettings.primaryColorHint')}
                  rules={[{ pattern: WIDGET_COLOR_PATTERN, message: errorText(t, 'invalidColor') }]}
                >
                  <Input
                    placeholder="#0b7a75"
                    autoComplete="off"
                    maxLength={7}
                    style={{ width: 160 }}
                    prefix={
                      <span
                        aria-hidden
                        className="widget-swatch"
                        style={{ background: WIDGET_COLOR_PATTERN.test(color) ? color : 'transparent' }}
                      />
                    }
                  />
                </Form.Item>
                <Form.Item name="appearance" label={t('widgetSettings.appearance')}>
                  <Radio.Group
                    options={[
                      { value: 'light', label: t('widgetSettings.light') },
                      { value: 'dark', label: t('widgetSettings.dark') },
                    ]}
                  />
                </Form.Item>
                <Typography.Text strong>{t('widgetSettings.preview')}</Typography.Text>
                <div style={{ marginTop: 8 }}>
                  <ThemePreview color={color} dark={appearance === 'dark'} />
                </div>
              </Card>
              {manage && (
                <Button type="primary" htmlType="submit" loading={update.isPending}>
                  {t('common.save')}
                </Button>
              )}
            </Space>
          </Form>
        </Space>
      )}
    </div>
  );
}
