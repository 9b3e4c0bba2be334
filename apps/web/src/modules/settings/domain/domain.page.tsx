import { LIMITS, type WorkspaceDomainUpdate } from '@atrium/domain';
import { App, Button, Card, Checkbox, Descriptions, Form, Input, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../platform/api/api-error';
import { applyFieldErrors, errorText } from '../../../platform/feedback/form-errors';
import { usePageTitle } from '../../../platform/feedback/use-page-title';
import { useAccess } from '../../../platform/permissions/use-access';
import { useConfirmDomainCode, useSendDomainCode, useUpdateWorkspaceDomain, useVerifyDomainDns, useWorkspaceDomain } from './domain.api';

type DomainForm = { domain: string; domainSignUp: boolean };

// Join by domain: the workspace names its e-mail domain, proves it (DNS TXT record or a code
// mailed into the domain), and only then people of that domain see it offered.
export default function DomainPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { can } = useAccess();
  const manage = can({ permissions: ['Setting.ManageUserDomain'] });
  const state = useWorkspaceDomain();
  const update = useUpdateWorkspaceDomain();
  const verifyDns = useVerifyDomainDns();
  const sendCode = useSendDomainCode();
  const confirmCode = useConfirmDomainCode();
  const [form] = Form.useForm<DomainForm>();
  const [codeForm] = Form.useForm<{ localPart: string }>();
  const [confirmForm] = Form.useForm<{ code: string }>();
  usePageTitle(t('domain.title'));

  const failed = (fallback: string) => (error: unknown) => message.error(isApiError(error) ? errorText(t, error.code) : t(fallback));

  const onSave = (values: DomainForm) => {
    const body: WorkspaceDomainUpdate = { domain: values.domain.trim() || null, domainSignUp: values.domainSignUp };
    update.mutate(body, {
      onSuccess: () => message.success(t('domain.saved')),
      onError: (error) => {
        if (!applyFieldErrors(form, error, t, ['domain', 'domainSignUp'])) message.error(t('domain.saveFailed'));
      },
    });
  };

  const data = state.data;
  const proven = Boolean(data?.verifiedAt);

  return (
    <div className="page narrow">
      <Typography.Title level={1} className="page-title">
        {t('domain.title')}
      </Typography.Title>
      {state.isPending || !data ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Card title={t('domain.settings')}>
            <Typography.Paragraph type="secondary">{t('domain.intro')}</Typography.Paragraph>
            <Form
              form={form}
              layout="vertical"
              onFinish={onSave}
              disabled={!manage}
              initialValues={{ domain: data.domain ?? '', domainSignUp: data.domainSignUp }}
            >
              <Form.Item
                name="domain"
                label={t('domain.domain')}
                extra={t('domain.domainHint')}
                rules={[{ max: LIMITS.domainMax, message: errorText(t, 'domainMaxLength') }]}
              >
                <Input placeholder="example.org" autoComplete="off" />
              </Form.Item>
              <Form.Item name="domainSignUp" valuePropName="checked">
                <Checkbox>{t('domain.signUp')}</Checkbox>
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={update.isPending}>
                {t('common.save')}
              </Button>
            </Form>
          </Card>
          {data.domain && (
            <Card
              title={t('domain.proof')}
              extra={
                proven ? <Tag color="success">{t(`domain.provenBy.${data.method ?? 'dns'}`)}</Tag> : <Tag>{t('domain.notProven')}</Tag>
              }
            >
              {proven ? (
                <Typography.Paragraph>{t('domain.provenText', { domain: data.domain })}</Typography.Paragraph>
              ) : (
                <Space direction="vertical" size="large" style={{ width: '100%' }}>
                  <Typography.Paragraph>{t('domain.notProvenText', { domain: data.domain })}</Typography.Paragraph>
                  <section aria-labelledby="proof-dns">
                    <Typography.Title level={2} id="proof-dns" className="section-title">
                      {t('domain.dnsTitle')}
                    </Typography.Title>
                    <Typography.Paragraph type="secondary">{t('domain.dnsText')}</Typography.Paragraph>
                    {data.dnsRecord && (
                      <Descriptions column={1} size="small" bordered style={{ marginBottom: 12 }}>
                        <Descriptions.Item label={t('domain.dnsName')}>
                          <Typography.Text copyable code>
                            {data.dnsRecord.name}
                          </Typography.Text>
                        </Descriptions.Item>
                        <Descriptions.Item label={t('domain.dnsValue')}>
                          <Typography.Text copyable code>
                            {data.dnsRecord.value}
                          </Typography.Text>
                        </Descriptions.Item>
                      </Descriptions>
                    )}
                    <Button
                      disabled={!manage}
                      loading={verifyDns.isPending}
                      onClick={() =>
                        verifyDns.mutate(undefined, {
                          onSuccess: () => message.success(t('domain.proven')),
                          onError: failed('domain.checkFailed'),
                        })
                      }
                    >
                      {t('domain.checkDns')}
                    </Button>
                  </section>
                  <section aria-labelledby="proof-mail">
                    <Typography.Title level={2} id="proof-mail" className="section-title">
                      {t('domain.mailTitle')}
                    </Typography.Title>
                    <Typography.Paragraph type="secondary">{t('domain.mailText')}</Typography.Paragraph>
                    <Form
                      form={codeForm}
                      layout="inline"
                      disabled={!manage}
                      onFinish={(v) =>
                        sendCode.mutate(v.localPart, {
                          onSuccess: (s) => message.success(t('domain.codeSent', { to: s.codeSentTo ?? '' })),
                          onError: (error) => {
                            if (!applyFieldErrors(codeForm, error, t, ['localPart'])) message.error(t('domain.sendFailed'));
                          },
                        })
                      }
                    >
                      <Form.Item
                        name="localPart"
                        label={t('domain.address')}
                        rules={[{ required: true, whitespace: true, message: errorText(t, 'required') }]}
                      >
                        <Input suffix={`@${data.domain}`} autoComplete="off" style={{ width: 280 }} />
                      </Form.Item>
                      <Button htmlType="submit" loading={sendCode.isPending}>
                        {t('domain.sendCode')}
                      </Button>
                    </Form>
                    {data.codeSentTo && (
                      <Form
                        form={confirmForm}
                        layout="inline"
                        style={{ marginTop: 16 }}
                        disabled={!manage}
                        onFinish={(v) =>
                          confirmCode.mutate(v.code, {
                            onSuccess: () => message.success(t('domain.proven')),
                            onError: (error) => {
                              if (!applyFieldErrors(confirmForm, error, t, ['code'])) message.error(t('domain.checkFailed'));
                            },
                          })
                        }
                      >
                        <Form.Item
                          name="code"
                          label={t('domain.code', { to: data.codeSentTo })}
                          rules={[{ required: true, message: errorText(t, 'required') }]}
                        >
                          <Input autoComplete="one-time-code" maxLength={8} style={{ width: 140 }} />
                        </Form.Item>
                        <Button type="primary" htmlType="submit" loading={confirmCode.isPending}>
                          {t('domain.confirm')}
                        </Button>
                      </Form>
                    )}
                  </section>
                </Space>
              )}
            </Card>
          )}
        </Space>
      )}
    </div>
  );
}
