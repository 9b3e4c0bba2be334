import { CheckCircleFilled } from '@ant-design/icons';
import { CURRENCIES, LIMITS, slugSchema, type Currency, type Tenant, type TenantRegister } from '@atrium/domain';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Form, Input, Result, Select, Space, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BareLayout } from '../../platform/layouts/bare-layout';
import { SignedInActions } from './signed-in-actions';
import { applyFieldErrors, errorText, maxLengthRule } from '../../platform/feedback/form-errors';
import { usePageTitle } from '../../platform/feedback/use-page-title';
import { useBlurValidation } from '../../platform/feedback/blur-validation';
import { useDebouncedValue } from '../../platform/feedback/use-debounced-value';
import { useLeavePageGuard } from '../../platform/leave-guard/leave-page-guard';
import { switchWorkspace } from '../../platform/workspace/workspace-store';
import { slugAvailableQuery, useCreateTenant } from './workspaces.api';
import { WORKSPACE_ADDRESS_PATH } from './workspace-address.page';

type DetailsForm = { name: string; slug: string; domain?: string; domainSignUp: boolean; currency: Currency };

// The currency most people in the browser's region use; the founder can pick another.
const REGION_CURRENCIES: Record<string, Currency> = {
  US: 'USD',
  GB: 'GBP',
  CH: 'CHF',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  PL: 'PLN',
  CZ: 'CZK',
  JP: 'JPY',
  CN: 'CNY',
  IN: 'INR',
  BR: 'BRL',
  CA: 'CAD',
  AU: 'AUD',
};
export const currencyOfLocale = (locale: string): Currency => REGION_CURRENCIES[locale.split('-')[1]?.toUpperCase() ?? ''] ?? 'EUR';

// Letters that are written out rather than stripped of their marks (German ü → ue, not u).
const SPELLED: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', å: 'aa', þ: 'th', đ: 'd', ł: 'l' };

// "Acme GmbH & Co." → "acme-gmbh-co", "Müller & Söhne" → "mueller-soehne"
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[äöüßæœøåþđł]/g, (c) => SPELLED[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, LIMITS.slugMax)
    .replace(/-+$/, '');
}

function useSlugCheck(slug: string) {
  const debounced = useDebouncedValue(slug.trim(), 350);
  const valid = slugSchema.safeParse(debounced);
  const check = useQuery({ ...slugAvailableQuery(debounced), enabled: valid.success });
  const settled = debounced === slug.trim();
  if (!slug.trim()) return { state: 'idle' as const };
  if (!valid.success) return { state: 'invalid' as const, code: valid.error.issues[0]?.message ?? 'slugInvalid' };
  if (!settled || check.isFetching) return { state: 'checking' as const };
  if (check.data?.available === false) return { state: 'taken' as const };
  if (check.data?.available) return { state: 'available' as const };
  return { state: 'idle' as const };
}

export default function WorkspaceWizardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<DetailsForm>();
  const [created, setCreated] = useState<Tenant | null>(null);
  const [slugTouched, setSlugTouched] = useState(false);
  // a malformed address is named when the user leaves the field or submits, not mid-typing
  const [slugLeft, setSlugLeft] = useState(false);
  const validation = useBlurValidation(form);
  const [dirty, setDirty] = useState(false);
  const create = useCreateTenant();
  const slug = Form.useWatch('slug', form) ?? '';
  const domainSignUp = Form.useWatch('domainSignUp', form) ?? false;
  const slugCheck = useSlugCheck(slug);
  const { disarm } = useLeavePageGuard(dirty && created === null);
  usePageTitle(t('wizard.title'));

  const slugProblem = slugCheck.state === 'taken' || (slugCheck.state === 'invalid' && slugLeft);
  // the rule's own message ("Enter an address…") shows when it fails; otherwise the live check
  const slugHelp = validation.hasError('slug')
    ? undefined
    : slugCheck.state === 'checking'
      ? t('wizard.slugChecking')
      : slugCheck.state === 'available'
        ? t('wizard.slugAvailable')
        : slugCheck.state === 'taken'
          ? errorText(t, 'slugAlreadyExists')
          : slugCheck.state === 'invalid' && slugLeft
            ? errorText(t, slugCheck.code)
            : t('wizard.slugHint');
  const slugStatus = validation.hasError('slug')
    ? undefined
    : slugProblem
      ? 'error'
      : slugCheck.state === 'checking'
        ? 'validating'
        : slugCheck.state === 'available'
          ? 'success'
          : undefined;

  const onValuesChange = (changed: Partial<DetailsForm>) => {
    setDirty(true);
    if (changed.name !== undefined && !slugTouched) {
      form.setFieldValue('slug', slugify(changed.name));
      // an address that follows the name is checked again, so no stale message stays under it
      if (validation.hasError('slug')) void validation.recheck('slug');
    }
    // emptying the address hands it back to the name
    if (changed.slug !== undefined) {
      setSlugTouched(changed.slug !== '');
      setSlugLeft(false);
    }
  };

  const onFinish = (values: DetailsForm) => {
    setSlugLeft(true);
    if (slugCheck.state === 'taken' || slugCheck.state === 'invalid') return;
    const body: TenantRegister = {
      name: values.name.trim(),
      slug: values.slug.trim(),
      domainSignUp: values.domainSignUp,
      currency: values.currency,
      ...(values.domain?.trim() ? { domain: values.domain.trim() } : {}),
    };
    create.mutate(body, {
      onSuccess: (tenant) => {
        disarm();
        setCreated(tenant);
      },
      onError: (error) => {
        if (!applyFieldErrors(form, error, t, ['name', 'slug', 'domain', 'domainSignUp', 'currency']))
          message.error(t('wizard.createFailed'));
      },
    });
  };

  const goTo = (path: string) => {
    if (!created) return;
    switchWorkspace(created.id);
    navigate(path);
  };

  return (
    <BareLayout actions={<SignedInActions />}>
      <div className="narrow">
        <Typography.Title level={1} className="page-title">
          {t('wizard.title')}
        </Typography.Title>
        <Steps
          current={created ? 1 : 0}
          items={[{ title: t('wizard.stepDetails') }, { title: t('wizard.stepDone') }]}
          style={{ marginBottom: 24 }}
        />
        <Card>
          {created ? (
            <Result
              icon={<CheckCircleFilled style={{ color: '#52c41a' }} aria-hidden />}
              title={<h2 className="result-title">{t('wizard.doneTitle', { name: created.name })}</h2>}
              subTitle={t('wizard.doneText')}
              extra={[
                <Button key="open" type="primary" onClick={() => goTo('/dashboard')}>
                  {t('wizard.openWorkspace')}
                </Button>,
                <Button key="invite" onClick={() => goTo('/settings/users')}>
                  {t('wizard.inviteColleagues')}
                </Button>,
              ]}
            />
          ) : (
            <Form<DetailsForm>
              form={form}
              layout="vertical"
              requiredMark="optional"
              initialValues={{ name: '', slug: '', domain: '', domainSignUp: false, currency: currencyOfLocale(navigator.language) }}
              onValuesChange={onValuesChange}
              onFieldsChange={validation.onFieldsChange}
              onFinish={onFinish}
              onFinishFailed={() => setSlugLeft(true)}
            >
              <Form.Item
                name="name"
                label={t('wizard.name')}
                {...validation.triggerOf('name')}
                rules={[{ required: true, whitespace: true, message: errorText(t, 'required') }, maxLengthRule(t, LIMITS.nameMax)]}
              >
                <Input autoFocus />
              </Form.Item>
              <Form.Item
                name="slug"
                label={t('wizard.slug')}
                required
                hasFeedback={slugStatus !== undefined}
                {...(slugStatus ? { validateStatus: slugStatus } : {})}
                {...(slugHelp !== undefined ? { help: slugHelp } : {})}
                rules={[{ required: true, message: errorText(t, 'slugRequired') }]}
                {...validation.triggerOf('slug')}
              >
                <Input
                  onBlur={() => setSlugLeft(true)}
                  prefix={<span aria-hidden>{`${window.location.host}${WORKSPACE_ADDRESS_PATH}/`}</span>}
                  maxLength={LIMITS.slugMax + 10}
                  spellCheck={false}
                  autoComplete="off"
                />
              </Form.Item>
              <Form.Item
                name="domain"
                label={t('wizard.domain')}
                extra={t('wizard.domainHint')}
                rules={[
                  { required: domainSignUp, whitespace: true, message: errorText(t, 'domainRequired') },
                  { max: LIMITS.domainMax, message: errorText(t, 'domainMaxLength') },
                  { pattern: /^(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,}$/, message: errorText(t, 'domainInvalid') },
                ]}
                dependencies={['domainSignUp']}
                {...validation.triggerOf('domain')}
              >
                <Input placeholder="example.com" spellCheck={false} autoComplete="off" />
              </Form.Item>
              <Form.Item name="domainSignUp" valuePropName="checked">
                <Checkbox>{t('wizard.domainSignUp')}</Checkbox>
              </Form.Item>
              <Form.Item name="currency" label={t('wizard.currency')} extra={t('wizard.currencyHint')}>
                <Select showSearch options={CURRENCIES.map((c) => ({ value: c, label: c }))} style={{ maxWidth: 200 }} />
              </Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" loading={create.isPending}>
                  {t('wizard.create')}
                </Button>
                <Button onClick={() => navigate('/workspaces')}>{t('common.cancel')}</Button>
              </Space>
            </Form>
          )}
        </Card>
      </div>
    </BareLayout>
  );
}
