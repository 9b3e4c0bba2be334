import { PrinterOutlined } from '@ant-design/icons';
import { floorMapSchema, resourceEntity, type EntityRecord, type FloorMap } from '@atrium/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Skeleton, Space, Typography } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../platform/api/api-client';
import { workspaceKey } from '../../platform/api/query-keys';
import { PageResult } from '../../platform/feedback/page-result';
import { usePageTitle } from '../../platform/feedback/use-page-title';
import type { Paged } from '../../platform/entity/list-definition';
import { ResourceQrCode } from './resource-qr-code';
import './qr-sheet.css';

const PAGE = 100;

// The printable sheet of a floor's check-in QR codes (issue 22): one code per resource placed on
// the floor, under its name, laid out to cut apart; Print prints only the sheet.
export default function QrSheetPage() {
  const { t } = useTranslation();
  const { floorMapId = '' } = useParams();
  const floor = useQuery({
    queryKey: workspaceKey('bookings', 'qr-sheet', floorMapId),
    queryFn: async () => {
      const map = await apiRequest<FloorMap>(`/api/v1/floor-maps/${floorMapId}`, {}, floorMapSchema);
      const ids = map.placements.map((p) => p.resourceId);
      const names = new Map<string, string>();
      for (let i = 0; i < ids.length; i += PAGE) {
        const page = await apiRequest<Paged<EntityRecord>>(`${resourceEntity.basePath}/list`, {
          method: 'POST',
          body: { pageSize: PAGE, filters: [{ field: 'id', op: 'in', value: ids.slice(i, i + PAGE) }] },
        });
        for (const r of page.data) names.set(r.id, String(r.title ?? ''));
      }
      const items = map.placements
        .filter((p) => names.has(p.resourceId))
        .map((p) => ({ id: p.resourceId, title: names.get(p.resourceId) ?? '', label: p.label }))
        .sort((a, b) => (a.label ?? a.title).localeCompare(b.label ?? b.title, undefined, { numeric: true }));
      return { map, items };
    },
    retry: false,
  });
  const heading = floor.data ? t('bookings.qrSheet.title', { floor: floor.data.map.name }) : t('bookings.qrSheet.heading');
  usePageTitle(heading);
  if (floor.isError) return <PageResult status="404" title={t('bookings.qrSheet.unknown')} />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} className="qr-sheet">
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }} className="qr-sheet-head">
        <Typography.Title level={1} style={{ margin: 0 }}>
          {heading}
        </Typography.Title>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!floor.data?.items.length}>
          {t('bookings.qrSheet.print')}
        </Button>
      </Space>
      <Typography.Paragraph className="qr-sheet-hint">{t('bookings.qrSheet.hint')}</Typography.Paragraph>
      {floor.isPending ? (
        <Skeleton active />
      ) : !floor.data.items.length ? (
        <Empty description={t('bookings.qrSheet.empty')} />
      ) : (
        <ul className="qr-sheet-grid" aria-label={heading}>
          {floor.data.items.map((r) => (
            <li key={r.id} className="qr-sheet-item">
              <ResourceQrCode resourceId={r.id} title={t('bookings.qrSheet.codeOf', { resource: r.title })} size={150} />
              <Typography.Text strong>{r.label ?? r.title}</Typography.Text>
              {r.label && r.label !== r.title ? <Typography.Text type="secondary">{r.title}</Typography.Text> : null}
              <Typography.Text type="secondary">{t('bookings.qrSheet.scan')}</Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </Space>
  );
}
