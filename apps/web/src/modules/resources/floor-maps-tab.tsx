import { DeleteOutlined, PlusOutlined, QrcodeOutlined } from '@ant-design/icons';
import { floorQrSheetPath, locationEntity, type EntityRecord, type FloorMapCreate } from '@atrium/domain';
import { App, Button, Empty, Form, Input, InputNumber, Modal, Segmented, Select, Space, Spin } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../platform/api/api-error';
import { useConfirm } from '../../platform/confirm/confirm-modal';
import { errorText } from '../../platform/feedback/form-errors';
import { useAccess } from '../../platform/permissions/use-access';
import { FloorMapEditor } from './floor-map-editor';
import { FloorMapLive } from './floor-map-live';
import { useFloorMap, useFloorMapMutations, useFloorMaps, useFloorMapStates, usePlanImage } from './floor-maps.api';
import './floor-maps.css';

type Mode = 'live' | 'edit';

// The "Floor maps" tab of a location: pick a floor, see its live map, and — with the location
// permission and a plan with the location map — add floors, upload plans and edit them.
export function FloorMapsTab({ record }: { record: EntityRecord }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const { can } = useAccess();
  const canEdit = can({ permissions: [locationEntity.permissions.manage, 'Plan.LocationMap'] });
  const floors = useFloorMaps(record.id);
  const calls = useFloorMapMutations(record.id);
  // a link may name the floor to open (?tab=floor-maps&floor=<id>)
  const [search] = useSearchParams();
  const [chosen, setChosen] = useState<string | undefined>(() => search.get('floor') ?? undefined);
  const [mode, setMode] = useState<Mode>('live');
  const [adding, setAdding] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [form] = Form.useForm<FloorMapCreate>();
  const list = floors.data?.data ?? [];
  const floorId = chosen && list.some((f) => f.id === chosen) ? chosen : list[0]?.id;
  const map = useFloorMap(floorId);
  // the floor's states and plan image load beside its map, not after it (the list names the
  // floor's version and image): the live map finds them in the cache
  useFloorMapStates(floorId);
  usePlanImage(list.find((f) => f.id === floorId));
  const onDirty = useCallback((d: boolean) => setDirty(d), []);

  // leaving unsaved edits (another floor, the live map) asks first
  const leave = async (): Promise<boolean> =>
    !dirty ||
    confirm({ title: t('floorMaps.unsaved'), description: t('leaveGuard.description'), okText: t('leaveGuard.ok'), danger: true });

  const add = async () => {
    const values = await form.validateFields();
    calls.create.mutate(
      { ...values, locationId: record.id },
      {
        onSuccess: (made) => {
          setAdding(false);
          form.resetFields();
          setChosen(made.id);
          setMode('edit');
        },
        onError: (e) => void message.error(isApiError(e) ? errorText(t, e.code) : t('errorCodes.internalServerError')),
      },
    );
  };

  const remove = async () => {
    if (!map.data) return;
    const ok = await confirm({
      title: t('floorMaps.deleteFloor'),
      description: t('floorMaps.deleteConfirm', { name: map.data.name }),
      okText: t('floorMaps.deleteFloor'),
      danger: true,
    });
    if (!ok) return;
    calls.remove.mutate(
      { id: map.data.id, version: map.data.version },
      {
        onSuccess: () => setChosen(undefined),
        onError: (e) => void message.error(isApiError(e) ? errorText(t, e.code) : t('errorCodes.internalServerError')),
      },
    );
  };

  if (floors.isLoading) return <Spin />;
  return (
    <div className="floor-maps">
      <Space wrap className="floor-maps-bar">
        {list.length > 0 && (
          <Select
            aria-label={t('floorMaps.floor')}
            style={{ minWidth: 200 }}
            value={floorId}
            options={list.map((f) => ({ value: f.id, label: f.level === f.name ? f.name : `${f.level} · ${f.name}` }))}
            onChange={async (v) => {
              if (await leave()) setChosen(v);
            }}
          />
        )}
        {list.length > 0 && canEdit && (
          <Segmented<Mode>
            aria-label={t('floorMaps.tab')}
            value={mode}
            options={[
              { value: 'live', label: t('floorMaps.live') },
              { value: 'edit', label: t('floorMaps.edit') },
            ]}
            onChange={async (v) => {
              if (v === 'edit' || (await leave())) setMode(v);
            }}
          />
        )}
        {canEdit && (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('floorMaps.addFloor')}
          </Button>
        )}
        {map.data && map.data.placements.length > 0 && (
          <Link to={floorQrSheetPath(map.data.id)}>
            <Button icon={<QrcodeOutlined />}>{t('floorMaps.qrCodes')}</Button>
          </Link>
        )}
        {canEdit && map.data && (
          <Button danger icon={<DeleteOutlined />} onClick={() => void remove()}>
            {t('floorMaps.deleteFloor')}
          </Button>
        )}
      </Space>
      {list.length === 0 ? (
        <Empty description={t('floorMaps.none')} />
      ) : !map.data ? (
        <Spin />
      ) : mode === 'edit' && canEdit ? (
        <FloorMapEditor key={map.data.id} map={map.data} locationId={record.id} onDirty={onDirty} />
      ) : (
        <FloorMapLive key={map.data.id} map={map.data} />
      )}
      <Modal
        open={adding}
        title={t('floorMaps.addFloor')}
        okText={t('floorMaps.addFloor')}
        confirmLoading={calls.create.isPending}
        onOk={() => void add()}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ levelOrder: list.length }}>
          <Form.Item name="name" label={t('floorMaps.name')} rules={[{ required: true, whitespace: true, max: 100 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="level" label={t('floorMaps.level')} rules={[{ required: true, whitespace: true, max: 60 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="levelOrder" label={t('floorMaps.levelOrder')}>
            <InputNumber min={-50} max={300} precision={0} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
