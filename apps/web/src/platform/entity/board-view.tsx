import type { BoardTotals, EntityRecord, Workflow } from '@atrium/domain';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Card, Empty, Select, Skeleton, Space, Typography } from 'antd';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../api/api-client';
import { useRecordEvents } from '../live/use-live-events';
import { Link } from 'react-router';
import { isApiError } from '../api/api-error';
import { errorText } from '../feedback/form-errors';
import { useAccess } from '../permissions/use-access';
import { useWorkflows } from '../workflows/workflows.api';
import type { EntityApi } from './entity-api';
import type { EntityListRequest } from './entity-definition';
import { useEntityText } from './entity-text';
import { formatMoney, useWorkspaceCurrency } from './use-currency';

const CARDS_PER_STAGE = 50;

// The records of a kind with stages as a board: a column per stage of the chosen workflow, with
// its count, under the list's own search and filters. A card moves to another stage by dragging
// it or with its "Move to" choice (keyboard); the move is a JSON Patch with the card's version.
// A kind that declares `board.sum` shows each column's total of that field (decision 030). Moves
// made by anyone show at once (live record events).
export function BoardView({ api, request }: { api: EntityApi; request: EntityListRequest }) {
  const { definition } = api;
  const { t, text } = useEntityText(definition);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const { can } = useAccess();
  const workflows = useWorkflows(definition.kind);
  const [chosen, setChosen] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const patch = api.usePatch();
  const list = workflows.data ?? [];
  const workflow: Workflow | undefined = list.find((w) => w.id === chosen) ?? list.find((w) => w.isDefault) ?? list[0];
  const stages = workflow?.stages ?? [];
  const columns = useQueries({
    queries: stages.map((s) => {
      const body = {
        ...request,
        page: 1,
        pageSize: CARDS_PER_STAGE as 50,
        filters: [
          ...request.filters.filter((f) => f.field !== 'workflowStage'),
          { field: 'workflowStage', op: 'eq' as const, value: s.id },
        ],
      };
      return { queryKey: api.keys.list(body), queryFn: () => api.fetchList(body) };
    }),
  });
  const canMove = can({ permissions: [definition.permissions.manage] });
  const sumKey = definition.board?.sum;
  const { i18n } = useTranslation();
  const currency = useWorkspaceCurrency();
  const totals = useQuery({
    queryKey: [...api.keys.lists(), 'board-totals', workflow?.id, request],
    queryFn: () =>
      apiRequest<BoardTotals>(`${definition.basePath}/board-totals`, {
        method: 'POST',
        body: { ...request, workflowId: workflow?.id },
      }),
    enabled: sumKey !== undefined && workflow !== undefined,
  });
  const amount = (value: unknown) =>
    definition.fields[sumKey ?? '']?.kind === 'money' ? formatMoney(Number(value ?? 0), currency, i18n.language) : String(value ?? 0);

  // someone (here or elsewhere) changed a record of this kind: reload the columns, once per burst
  const refresh = useRef<ReturnType<typeof setTimeout> | null>(null);
  useRecordEvents(definition.kind, undefined, () => {
    refresh.current ??= setTimeout(() => {
      refresh.current = null;
      void qc.invalidateQueries({ queryKey: api.keys.lists() });
    }, 150);
  });
  useEffect(
    () => () => {
      if (refresh.current) clearTimeout(refresh.current);
    },
    [],
  );

  const move = (record: EntityRecord, stageId: string) => {
    if (record.workflowStage === stageId) return;
    patch.mutate(
      { id: record.id, ops: [{ op: 'replace', path: '/workflowStage', value: stageId }], version: record.version },
      {
        onSuccess: () =>
          message.success(t('board.moved', { title: record.title, stage: stages.find((s) => s.id === stageId)?.name ?? '' })),
        onError: (e) => {
          void qc.invalidateQueries({ queryKey: api.keys.lists() });
          message.error(
            isApiError(e) && e.status === 412 ? t('list.staleRow') : isApiError(e) ? errorText(t, e.code) : t('entity.saveFailed'),
          );
        },
      },
    );
  };
  const drop = (stageId: string) => (e: DragEvent<HTMLElement>) => {
    e.preventDefault();
    setOver(null);
    const raw = e.dataTransfer.getData('application/x-atrium-record');
    if (!raw) return;
    move(JSON.parse(raw) as EntityRecord, stageId);
  };

  if (workflows.isPending) return <Skeleton active />;
  if (!workflow) return <Empty description={t('board.noWorkflow')} />;

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      {list.length > 1 ? (
        <Select
          aria-label={t('board.workflow')}
          value={workflow.id}
          onChange={setChosen}
          options={list.map((w) => ({ value: w.id, label: w.name }))}
          style={{ minWidth: 220 }}
        />
      ) : null}
      <div className="board" role="list" aria-label={text('board.label')}>
        {stages.map((s, i) => {
          const data = columns[i]?.data;
          return (
            <section
              key={s.id}
              role="listitem"
              aria-label={`${s.name} (${data?.total ?? 0})`}
              className={`board-column${over === s.id ? ' board-column-over' : ''}`}
              onDragOver={(e) => {
                if (!canMove) return;
                e.preventDefault();
                setOver(s.id);
              }}
              onDragLeave={() => setOver(null)}
              onDrop={drop(s.id)}
            >
              <header className="board-column-header">
                <span className="board-stage-dot" style={{ background: s.color }} />
                <Typography.Title level={2} className="board-column-title">
                  {s.name}
                </Typography.Title>
                <Badge count={data?.total ?? 0} showZero color="#8c8c8c" />
                {sumKey ? (
                  <Typography.Text
                    className="board-column-sum"
                    aria-label={t('board.sum', { amount: amount(totals.data?.stages.find((x) => x.stageId === s.id)?.sum) })}
                  >
                    {amount(totals.data?.stages.find((x) => x.stageId === s.id)?.sum)}
                  </Typography.Text>
                ) : null}
              </header>
              <div className="board-cards">
                {!data ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
                {data?.data.map((r) => (
                  <Card
                    key={r.id}
                    size="small"
                    className="board-card"
                    draggable={canMove}
                    onDragStart={(e) => e.dataTransfer.setData('application/x-atrium-record', JSON.stringify(r))}
                  >
                    <Link to={`${definition.web.path}/${r.id}`}>{r.title || t('entity.untitled')}</Link>
                    {sumKey && r[sumKey] !== null && r[sumKey] !== undefined ? (
                      <Typography.Text type="secondary" className="board-card-amount">
                        {amount(r[sumKey])}
                      </Typography.Text>
                    ) : null}
                    {canMove ? (
                      <Select
                        size="small"
                        aria-label={t('board.moveNamed', { title: r.title })}
                        value={s.id}
                        onChange={(stageId: string) => move(r, stageId)}
                        options={stages.map((x) => ({ value: x.id, label: x.name }))}
                        className="board-card-move"
                      />
                    ) : null}
                  </Card>
                ))}
                {data && data.total > data.data.length ? (
                  <Typography.Text type="secondary">{t('board.more', { count: data.total - data.data.length })}</Typography.Text>
                ) : null}
              </div>
            </section>
          );
        })}
      </div>
    </Space>
  );
}
