import { CheckOutlined } from '@ant-design/icons';
import { MODULE_KINDS, type ModuleKind, type Plan, type PlanLimits } from '@atrium/domain';
import { App, Button, Card, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../platform/api/api-error';
import { useConfirm } from '../../../platform/confirm/confirm-modal';
import { formatDate } from '../../../platform/dates/format-date';
import { errorText } from '../../../platform/feedback/form-errors';
import { usePageTitle } from '../../../platform/feedback/use-page-title';
import { useAccess } from '../../../platform/permissions/use-access';
import { useWorkspaceCurrency } from '../../../platform/entity/use-currency';
import { formatMoney } from '../../../platform/i18n/number-format';
import { usePlans, useSubscriptions, useSwitchPlan } from './plans.api';
import { StatusTag } from '../../../platform/feedback/status-tag';

// a plan's feature text as a caption key: "Unlimited users" → unlimitedUsers
const featureKey = (text: string): string =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()))
    .join('');

const LIMIT_KEYS: (keyof PlanLimits)[] = ['users', 'locations', 'bookingPages', 'helpdesks'];

export default function PlansPage() {
  const { t, i18n } = useTranslation();
  const currency = useWorkspaceCurrency();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const { can } = useAccess();
  const plans = usePlans();
  const subscriptions = useSubscriptions();
  const switchPlan = useSwitchPlan();
  const manage = can({ permissions: ['Setting.ManageSubscription'] });
  usePageTitle(t('plans.title'));
  const planTitle = (plan: Plan) => t(`plans.name.${plan.slug}`, { defaultValue: plan.title });

  const onSwitch = async (productType: ModuleKind, plan: Plan) => {
    const ok = await confirm({
      title: t('plans.switchTitle', { plan: planTitle(plan) }),
      description: t('plans.switchText'),
      okText: t('plans.switch'),
    });
    if (!ok) return;
    switchPlan.mutate(
      { productType, planSlug: plan.slug },
      {
        onSuccess: () => message.success(t('plans.switched', { plan: planTitle(plan) })),
        onError: (error) => message.error(isApiError(error) ? errorText(t, error.code) : t('plans.switchFailed')),
      },
    );
  };

  const limitText = (key: keyof PlanLimits, value: number | null) =>
    value === null ? t(`plans.limit.${key}.unlimited`) : t(`plans.limit.${key}`, { count: value });

  return (
    <div className="page">
      <div className="page-header">
        <Typography.Title level={1} className="page-title">
          {t('plans.title')}
        </Typography.Title>
      </div>
      {plans.isPending || subscriptions.isPending ? (
        <Skeleton active />
      ) : (
        MODULE_KINDS.map((kind) => {
          const sub = subscriptions.data?.find((s) => s.productType === kind);
          const productPlans = (plans.data ?? []).filter((p) => p.product.type === kind);
          return (
            <section key={kind} style={{ marginBottom: 24 }} aria-labelledby={`product-${kind}`}>
              <Typography.Title level={2} id={`product-${kind}`} style={{ fontSize: 16 }}>
                {t(`product.${kind}`)}
                {sub ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 400, marginInlineStart: 8 }}>
                    {t('plans.since', { date: formatDate(sub.startedAt, 'date') })}
                  </Typography.Text>
                ) : null}
              </Typography.Title>
              <div className="plan-grid">
                {productPlans.map((plan) => {
                  const current = sub?.planSlug === plan.slug;
                  return (
                    <Card
                      key={plan.slug}
                      title={<h3 className="card-heading">{planTitle(plan)}</h3>}
                      extra={
                        current ? <StatusTag tone="success">{t('plans.current')}</StatusTag> : <Tag>{t(`plans.tier.${plan.tier}`)}</Tag>
                      }
                      actions={
                        manage && !current
                          ? [
                              <Button
                                key="switch"
                                type="link"
                                onClick={() => void onSwitch(kind, plan)}
                                loading={switchPlan.isPending && switchPlan.variables.planSlug === plan.slug}
                                aria-label={t('plans.switchTo', { plan: planTitle(plan) })}
                              >
                                {t('plans.switch')}
                              </Button>,
                            ]
                          : []
                      }
                    >
                      <Typography.Paragraph type="secondary">
                        {t(`plans.meta.${plan.slug}`, { defaultValue: plan.metaText })}
                      </Typography.Paragraph>
                      <Typography.Paragraph strong>
                        {t('plans.price', {
                          price: formatMoney(plan.product.price, currency, i18n.language),
                          interval: t(`plans.interval.${plan.product.billingInterval}`),
                        })}
                      </Typography.Paragraph>
                      <ul className="plain-list" aria-label={t('plans.features')}>
                        {plan.features.map((f) => (
                          <li key={f} style={{ padding: '2px 0' }}>
                            <CheckOutlined style={{ color: '#52c41a', marginInlineEnd: 6 }} aria-hidden />
                            {t(`plans.feature.${featureKey(f)}`, { defaultValue: f })}
                          </li>
                        ))}
                      </ul>
                      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
                        {LIMIT_KEYS.map((k) => limitText(k, plan.limits[k])).join(' · ')}
                      </Typography.Paragraph>
                    </Card>
                  );
                })}
              </div>
            </section>
          );
        })
      )}
    </div>
  );
}
