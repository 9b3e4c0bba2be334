import {
  ArrowLeftOutlined,
  DeleteOutlined,
  InboxOutlined,
  MergeCellsOutlined,
  LeftOutlined,
  MoreOutlined,
  RightOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { RECYCLE_BIN_DAYS, type EntityRecord } from '@atrium/domain';
import { App, Button, Card, Dropdown, Grid, Select, Skeleton, Space, Tabs, Tag, Tooltip, Typography, type MenuProps } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../api/api-error';
import { useConfirm } from '../confirm/confirm-modal';
import { useAllEntityFields } from '../entity-fields/entity-fields.api';
import { IfRecordId, NotFoundPage } from '../errors/not-found.page';
import { errorText } from '../feedback/form-errors';
import { LinkButton } from '../feedback/link-button';
import { usePageTitle } from '../feedback/use-page-title';
import { rememberRecordActor } from '../live/record-change-actors';
import { useRecordEvents } from '../live/use-live-events';
import { RecordMailActions } from '../mail/record-mail-actions';
import { RoleScopeProvider } from '../permissions/role-scope';
import { roleOwnerOfRecord, useRoleScope } from '../entity/role-scope';
import { useAccess } from '../permissions/use-access';
import { forgetRecord, rememberRecord } from '../search/recent-records';
import { MergeDialog } from '../entity/duplicates';
import { entityApi, type EntityApi } from '../entity/entity-api';
import { useEntityText } from '../entity/entity-text';
import { listContextOf, rememberList } from '../entity/list-context';
import { RecordPanels } from '../entity/record-panels';
import { RelationPanel } from '../entity/relation-panel';
import type { WebEntity } from '../entity/web-entity';
import { useMovedToBin } from './recycle-bin';

// Previous and next record of the list the user came from, across its pages.
function useStepper(api: EntityApi, id: string) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const kind = api.definition.kind;
  const context = listContextOf(kind);
  const at = context ? context.ids.indexOf(id) : -1;
  const position = context && at >= 0 ? (context.request.page - 1) * context.request.pageSize + at : -1;
  const can = (dir: -1 | 1) => context !== undefined && position >= 0 && position + dir >= 0 && position + dir < context.total;
  const go = async (dir: -1 | 1) => {
    if (!context || !can(dir)) return;
    const next = context.ids[at + dir];
    if (next) {
      navigate(`${api.definition.web.path}/${next}`);
      return;
    }
    setBusy(true);
    try {
      const request = { ...context.request, page: context.request.page + dir };
      const page = await api.fetchList(request);
      rememberList(kind, request, page);
      const target = dir === 1 ? page.data[0] : page.data[page.data.length - 1];
      if (target) navigate(`${api.definition.web.path}/${target.id}`);
    } finally {
      setBusy(false);
    }
  };
  return { can, go, busy, shown: context !== undefined && at >= 0, position, total: context?.total ?? 0 };
}

function RecordHeader({ api, record, actions }: { api: EntityApi; record: EntityRecord; actions: ReactNode }) {
  const { definition } = api;
  const { t, text } = useEntityText(definition);
  const { message } = App.useApp();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const { can } = useAccess();
  const stepper = useStepper(api, record.id);
  const setArchived = api.useSetArchived();
  const remove = api.useDelete();
  const movedToBin = useMovedToBin(api);
  const p = definition.permissions;
  // a locked record (a converted lead) offers no merge or delete: the server refuses both
  const locked = definition.lockedWhen ? record[definition.lockedWhen.field] != null : false;
  const fail = (e: unknown) => message.error(isApiError(e) ? errorText(t, e.code) : text('entity.saveFailed'));

  const [, setSearch] = useSearchParams();
  const items: MenuProps['items'] = [];
  if (definition.duplicates.length > 0 && !locked && can({ permissions: [p.manage] })) {
    items.push({
      key: 'merge',
      icon: <MergeCellsOutlined />,
      label: t('merge.action'),
      onClick: () => setSearch((s) => ({ ...Object.fromEntries(s), merge: '' })),
    });
  }
  if (definition.capabilities.archive && can({ permissions: [p.manage] })) {
    items.push({
      key: 'archive',
      icon: record.archived ? <UndoOutlined /> : <InboxOutlined />,
      label: t(record.archived ? 'entity.unarchive' : 'entity.archive'),
      onClick: async () => {
        const archived = !record.archived;
        const ok = await confirm({
          title: text(archived ? 'entity.archiveTitle' : 'entity.unarchiveTitle', { count: 1 }),
          description: text(archived ? 'entity.archiveText' : 'entity.unarchiveText', { count: 1 }),
          okText: t(archived ? 'entity.archive' : 'entity.unarchive'),
          danger: archived,
        });
        if (!ok) return;
        setArchived.mutate(
          { ids: [record.id], archived },
          { onSuccess: () => message.success(text(archived ? 'entity.archived' : 'entity.unarchived', { count: 1 })), onError: fail },
        );
      },
    });
  }
  if (!locked && can({ permissions: [p.delete] })) {
    items.push({
      key: 'delete',
      danger: true,
      icon: <DeleteOutlined />,
      label: t('common.delete'),
      onClick: async () => {
        const ok = await confirm({
          title: text('entity.deleteTitle', { title: record.title }),
          description: text('entity.deleteText', { days: RECYCLE_BIN_DAYS }),
          okText: t('common.delete'),
          danger: true,
        });
        if (!ok) return;
        remove.mutate(
          { id: record.id, version: record.version },
          {
            onSuccess: () => {
              movedToBin([record.id]);
              navigate(definition.web.path);
            },
            onError: fail,
          },
        );
      },
    });
  }

  return (
    <div className="page-header record-header">
      <Space size={8} wrap style={{ minWidth: 0 }}>
        <Typography.Title level={1} className="page-title">
          {record.title || t('entity.untitled')}
        </Typography.Title>
        {typeof record.number === 'string' ? <Tag>{record.number}</Tag> : null}
        {record.archived ? <Tag color="default">{t('entity.archivedTag')}</Tag> : null}
      </Space>
      <Space wrap>
        {actions}
        <RecordMailActions definition={definition} record={record} />
        {stepper.shown ? (
          <Space.Compact>
            <Tooltip title={t('entity.previous')}>
              <Button
                icon={<LeftOutlined />}
                aria-label={t('entity.previous')}
                disabled={!stepper.can(-1)}
                loading={stepper.busy}
                onClick={() => void stepper.go(-1)}
              />
            </Tooltip>
            <Button disabled className="record-position">
              {t('entity.position', { n: stepper.position + 1, total: stepper.total })}
            </Button>
            <Tooltip title={t('entity.next')}>
              <Button
                icon={<RightOutlined />}
                aria-label={t('entity.next')}
                disabled={!stepper.can(1)}
                loading={stepper.busy}
                onClick={() => void stepper.go(1)}
              />
            </Tooltip>
          </Space.Compact>
        ) : null}
        {items.length > 0 ? (
          <Dropdown menu={{ items }} trigger={['click']}>
            <Button icon={<MoreOutlined />} aria-label={t('entity.moreActions')} />
          </Dropdown>
        ) : null}
      </Space>
    </div>
  );
}

// The record page of any kind: header (title, number, previous/next, archive, delete), the
// fields form and shared panels, a tab per relation and the module's own tabs, actions and banner
// (the kind as registered, handed over by the route).
export function EntityRecordRoute({ entity }: { entity: WebEntity }) {
  const { id = '' } = useParams();
  return (
    <IfRecordId id={id}>
      <ScopedRecordPage entity={entity} id={id} />
    </IfRecordId>
  );
}

function ScopedRecordPage({ entity, id }: { entity: WebEntity; id: string }) {
  const record = entityApi(entity.definition).useRecord(id).data;
  // a project's page and its tasks' pages offer what the caller's project role allows there
  const scoped = useRoleScope(entity.definition, roleOwnerOfRecord(entity.definition, record));
  return (
    <RoleScopeProvider permissions={scoped}>
      <RecordPage entity={entity} id={id} />
    </RoleScopeProvider>
  );
}

function RecordPage({ entity, id }: { entity: WebEntity; id: string }) {
  const { definition } = entity;
  // the open tab is part of the address (?tab=contacts), so a link can open it
  const [search, setSearch] = useSearchParams();
  const api = entityApi(definition);
  const { t, text } = useEntityText(definition);
  const query = api.useRecord(id);
  const fields = useAllEntityFields(definition.kind);
  const record = query.data;
  // someone else changed this record: fetch it; the form moves onto the new version and keeps
  // the user's unsaved edits (record-form.tsx)
  useRecordEvents(definition.kind, id, (event) => {
    rememberRecordActor(event);
    if (event.version === null || !record || event.version > record.version) void query.refetch();
  });
  const { can } = useAccess();
  const extra = (entity.tabs ?? []).filter((tab) => !tab.permission || can({ permissions: [tab.permission] }));
  usePageTitle(record ? record.title || t('entity.untitled') : undefined);
  // the search dialog lists the records opened last (decision 027)
  const gone = isApiError(query.error) && query.error.status === 404;
  useEffect(() => {
    if (record) rememberRecord({ kind: definition.kind, id: record.id, title: record.title ?? '' });
    else if (gone) forgetRecord(definition.kind, id);
  }, [definition.kind, id, record, gone]);

  if (gone) return <NotFoundPage />;
  if (query.error) throw query.error;

  const relations = Object.entries(definition.relations);
  const merging = search.get('merge');
  const closeMerge = () =>
    setSearch(
      (s) => {
        const next = new URLSearchParams(s);
        next.delete('merge');
        return next;
      },
      { replace: true },
    );
  return (
    <div className="page">
      {record && merging !== null ? <MergeDialog api={api} record={record} otherId={merging || undefined} onClose={closeMerge} /> : null}
      <LinkButton to={definition.web.path} type="link" icon={<ArrowLeftOutlined />} style={{ paddingInline: 0 }}>
        {text('entity.back')}
      </LinkButton>
      {!record || (definition.capabilities.customFields && !fields.data) ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : (
        <>
          <RecordHeader api={api} record={record} actions={entity.actions?.(record)} />
          {entity.banner?.(record)}
          {relations.length + extra.length === 0 ? (
            <RecordPanels api={api} record={record} fields={fields.data ?? []} />
          ) : (
            <RecordSections
              active={search.get('tab') ?? 'details'}
              onChange={(tab) => setSearch(tab === 'details' ? {} : { tab }, { replace: true })}
              label={t('entity.section')}
              items={[
                {
                  key: 'details',
                  label: t('entity.details'),
                  children: <RecordPanels api={api} record={record} fields={fields.data ?? []} />,
                },
                ...relations.map(([name, rel]) => ({
                  key: name,
                  label: t(rel.label),
                  children: <RelationPanel api={api} record={record} relation={rel} />,
                })),
                ...extra.map((tab) => ({ key: tab.key, label: t(tab.labelKey), children: tab.render(record) })),
              ]}
            />
          )}
        </>
      )}
    </div>
  );
}

type Section = { key: string; label: string; children: ReactNode };

// A record's sections as tabs; on a phone, more than three become a choice above the section
// (antd's overflow menu would put a button inside the tab list, which screen readers reject).
function RecordSections({
  items,
  active,
  onChange,
  label,
}: {
  items: Section[];
  active: string;
  onChange: (key: string) => void;
  label: string;
}) {
  const screens = Grid.useBreakpoint();
  // on a phone, many sections are chosen from a list instead of a row of tabs; only the bar
  // changes, so the section shown (an unsaved edit, its scroll) stays when a tablet turns
  const select = screens.md === false && items.length > 3;
  return (
    <Tabs
      activeKey={active}
      onChange={onChange}
      items={items}
      renderTabBar={(props, DefaultTabBar) =>
        select ? (
          <Select
            aria-label={label}
            value={active}
            onChange={onChange}
            options={items.map((i) => ({ value: i.key, label: i.label }))}
            className="record-section-select"
          />
        ) : (
          <DefaultTabBar {...props} />
        )
      }
    />
  );
}
