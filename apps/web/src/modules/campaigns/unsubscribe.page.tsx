import type { UnsubscribeInfo } from '@atrium/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiRequest } from '../../platform/api/api-client';
import { usePageTitle } from '../../platform/feedback/use-page-title';

const path = (token: string) => `/api/v1/public/campaigns/unsubscribe/${encodeURIComponent(token)}`;

// Public: the unsubscribe page a campaign mail links to (spec §7). It names the workspace and
// the (masked) address, and unsubscribes with one button; the mail's List-Unsubscribe header
// does the same in one click without this page (RFC 8058).
export default function UnsubscribePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  usePageTitle(t('campaigns.unsubscribe.title'));
  const info = useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: () => apiRequest<UnsubscribeInfo>(path(token), { auth: false, tenant: false }),
    retry: false,
  });
  const done = useMutation({
    mutationFn: () => apiRequest<UnsubscribeInfo>(path(token), { method: 'POST', body: {}, auth: false, tenant: false }),
  });
  const data = done.data ?? info.data;
  const vars = { workspace: data?.workspaceName ?? '', email: data?.email ?? '' };
  return (
    <main style={{ maxWidth: 560, margin: '48px auto', padding: '0 16px' }}>
      <Card>
        <Typography.Title level={1} style={{ fontSize: 24 }}>
          {t('campaigns.unsubscribe.title')}
        </Typography.Title>
        {info.isPending ? (
          <Spin />
        ) : info.isError || done.isError ? (
          <Result status="warning" subTitle={t('campaigns.unsubscribe.invalid')} />
        ) : data?.unsubscribed ? (
          <Result status="success" subTitle={t('campaigns.unsubscribe.done', vars)} />
        ) : (
          <>
            <Typography.Paragraph>{t('campaigns.unsubscribe.text', vars)}</Typography.Paragraph>
            <Button type="primary" loading={done.isPending} onClick={() => done.mutate()}>
              {t('campaigns.unsubscribe.action')}
            </Button>
          </>
        )}
      </Card>
    </main>
  );
}
