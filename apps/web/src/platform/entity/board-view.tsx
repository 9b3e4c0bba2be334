import type { BoardTotals, EntityRecord, JsonPatchOperation, Workflow } from '@atrium/domain';
import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Empty, Form, Input, Modal, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { startTransition, useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../api/api-client';
import { useRecordEvents } from '../live/use-live-events';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../api/api-error';
import { errorText } from '../feedback/form-errors';
import { useAccess } from '../permissions/use-access';
import { useWorkflows } from '../workflows/workflows.api';
import { useMyTenantUserId } from '../permissions/my-membership';
import type { EntityApi } from './entity-api';
import type { EntityListRequest } from './list-definition';
import { useEntityText } from './entity-text';
import { useWorkspaceCurrency } from './use-currency';
import { formatMoney } from '../i18n/number-format';
import { useCells } from './record-cells';

const CARDS_PER_STAGE = 50;
// A column shows a few of its 50 cards: the board's first render draws those that fit in a
// column's view (its height is the window's less 320 px, styles.css; a card with its gap is over
// 90 px), the rest follow in a second, interruptible render right after they are painted (issue
// 20: the cards a column hides took a third of the board's first render; Plane's board draws what
// is in view the same way). They are drawn long before anyone could scroll to them.
const cardsInView = () => Math.max(4, Math.ceil((window.innerHeight - 320) / 90));
// the measure the board timing reads (e2e work.bench): from navigation to every column's cards in view painted
export const BOARD_PAINTED_MARK = 'board-painted';

// The record a kind with per-record stages (a project's tasks) is filtered to: its board shows
// that record's stages.
export function boardScopeOf(definition: EntityApi['definition'], request: Pick<EntityListRequest, 'filters'>): string | undefined {
  const scopeField = definition.workflowScope?.field;
  const scopeFilter = scopeField ? request.filters.find((f) => f.field === scopeField && f.op === 'eq') : undefined;
  return typeof scopeFilter?.value === 'string' ? scopeFilter.value : undefined;
}

// the workflow a board shows: the one chosen, else the default, else the first
export const boardWorkflow = (list: readonly Workflow[], chosen: string | null): Workflow | undefined =>
  list.find((w) => w.id === chosen) ?? list.find((w) => w.isDefault) ?? list[0];

// One column's call: the list's request narrowed to the stage, the cards people placed in their
// order first, then the list's sort.
export function stageColumnQuery(api: EntityApi, request: EntityListRequest, stageId: string) {
  const body = {
    ...request,
    page: 1,
    pageSize: CARDS_PER_STAGE as 50,
    sort: [{ field: 'boardRank', order: 'asc' as const }, ...request.sort.filter((x) => x.field !== 'boardRank')].slice(0, 3),
    filters: [...request.filters.filter((f) => f.field !== 'workflowStage'), { field: 'workflowStage', op: 'eq' as const, value: stageId }],
  };
  return queryOptions({ queryKey: api.keys.list(body), queryFn: () => api.fetchList(body) });
}

// The records of a kind with stages as a board: a column per stage of the chosen workflow, with
// its count, under the list's own search and filters. A card moves by dragging it onto a column
// (its end) or onto a card (above it), or with its "Move to" choice and up/down buttons
// (keyboard); each move is one board-position call with the card's version (decision 036).
// A card takes focus: the arrow keys go from card to card, Shift+arrows move the card (left and
// right: to the end of the previous or next stage; up and down: within its stage), Enter opens it
// and I assigns it to me (the kind's first writable user field, such as a task's assignee); what happened is
// read out by a status region.
// A kind that declares `board.sum` shows each column's total of that field (decision 083). Moves
// made by anyone show at once (live record events).
export function BoardView({ api, request }: { api: EntityApi; request: EntityListRequest }) {
  const { definition } = api;
  const { t, text } = useEntityText(definition);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const { can } = useAccess();
  // a kind whose stages are per record (a project's tasks) shows the board of the record the list is filtered to
  const scopeField = definition.workflowScope?.field;
  const scopeId = boardScopeOf(definition, request);
  const workflows = useWorkflows(definition.kind, scopeField === undefined || scopeId !== undefined, scopeId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const navigate = useNavigate();
  const me = useMyTenantUserId();
  const patch = api.usePatch();
  // what the last keyboard action did, for screen readers
  const [announced, setAnnounced] = useState('');
  // the card a keyboard move took away: focus follows it into its new place once it is drawn there
  const follow = useRef<{ id: string; stageId: string } | null>(null);
  const boardRef = useRef<HTMLDivElement>(null);
  // the field "assign to me" sets: the kind's first writable user field (a task's assignee)
  const assignField = Object.entries(definition.fields).find(([, f]) => f.target === 'User' && !f.readOnly)?.[0];
  const list = workflows.data ?? [];
  const workflow = boardWorkflow(list, chosen);
  const stages = workflow?.stages ?? [];
  const columns = useQueries({ queries: stages.map((s) => stageColumnQuery(api, request, s.id)) });
  const loaded = stages.length > 0 && columns.every((c) => c.data !== undefined);
  const [firstDrawn] = useState(cardsInView);
  const [allDrawn, setAllDrawn] = useState(false);
  useEffect(() => {
    if (!loaded) return;
    // the frame after the commit is the one the cards are painted in; then the rest of the cards
    const frame = requestAnimationFrame(() => {
      performance.mark(BOARD_PAINTED_MARK);
      startTransition(() => setAllDrawn(true));
    });
    return () => cancelAnimationFrame(frame);
  }, [loaded]);
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
  // what a card shows under its title (board.card), drawn as the list draws those columns, and
  // an overdue mark from its due date while its stage is still open
  const cardFields = definition.board?.card ?? [];
  const columnInfo = api.useColumns();
  const cells = useCells(
    definition,
    (columnInfo.data ?? []).filter((c) => cardFields.includes(c.key)),
  );
  // the day the board was opened (a board left open over midnight keeps yesterday's marks)
  const [today] = useState(() => new Date().toLocaleDateString('en-CA'));
  const overdue = (r: EntityRecord, stageType: string | undefined) => {
    const due = definition.board?.due ? r[definition.board.due] : undefined;
    return typeof due === 'string' && due < today && !['Won', 'Lost', 'Closed'].includes(stageType ?? '');
  };
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

  // into a stage, above the card `beforeId` or at the column's end: one call, one row written
  const place = useMutation({
    mutationFn: ({ record, stageId, beforeId }: { record: EntityRecord; stageId: string; beforeId?: string }) =>
      apiRequest<EntityRecord>(`${definition.basePath}/${record.id}/board-position`, {
        method: 'PUT',
        body: { workflowStage: stageId, ...(beforeId ? { beforeId } : {}) },
        headers: { 'if-match': `"${record.version}"` },
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: api.keys.lists() }),
  });
  // a kind that records why a deal ended (board.outcome): moving a card into a Won or Lost
  // stage asks for the reason first; moving it back into an open stage clears the outcome
  const outcome = definition.board?.outcome;
  const [asking, setAsking] = useState<{ record: EntityRecord; stageId: string; beforeId?: string; result: 'Won' | 'Lost' } | null>(null);
  const [reason, setReason] = useState('');
  const move = (record: EntityRecord, stageId: string, beforeId?: string) => {
    const type = stages.find((s) => s.id === stageId)?.stageType;
    if (outcome && record.workflowStage !== stageId && (type === 'Won' || type === 'Lost')) {
      setReason(typeof record[outcome.reason] === 'string' ? String(record[outcome.reason]) : '');
      setAsking({ record, stageId, ...(beforeId ? { beforeId } : {}), result: type });
      return;
    }
    const reopened = outcome && record.workflowStage !== stageId && type !== 'Closed' && record[outcome.field];
    placeCard(record, stageId, beforeId, reopened ? [{ op: 'replace', path: `/${outcome.field}`, value: null }] : undefined);
  };
  const decide = () => {
    if (!asking || !outcome) return;
    const { record, stageId, beforeId, result } = asking;
    setAsking(null);
    placeCard(record, stageId, beforeId, [
      { op: 'replace', path: `/${outcome.field}`, value: result },
      { op: 'replace', path: `/${outcome.reason}`, value: reason.trim() || null },
    ]);
  };
  // into a stage, then (for an outcome) the fields that go with it, on the version the move made
  const placeCard = (record: EntityRecord, stageId: string, beforeId?: string, then?: JsonPatchOperation[]) => {
    if (beforeId === record.id) return;
    place.mutate(
      { record, stageId, ...(beforeId ? { beforeId } : {}) },
      {
        onSuccess: (saved) => {
          if (then) patch.mutate({ id: saved.id, version: saved.version, ops: then }, { onError: failed });
          const said =
            record.workflowStage === stageId
              ? t('board.reordered', { title: record.title })
              : t('board.moved', { title: record.title, stage: stages.find((s) => s.id === stageId)?.name ?? '' });
          message.success(said);
          setAnnounced(said);
        },
        onError: failed,
      },
    );
  };
  function failed(e: unknown) {
    const said = isApiError(e) && e.status === 412 ? t('list.staleRow') : isApiError(e) ? errorText(t, e.code) : t('entity.saveFailed');
    message.error(said);
    setAnnounced(said);
  }
  const assignToMe = (record: EntityRecord) => {
    if (!assignField || !me) return;
    if (record[assignField] === me) {
      setAnnounced(t('board.alreadyMine', { title: record.title }));
      return;
    }
    patch.mutate(
      { id: record.id, version: record.version, ops: [{ op: 'replace', path: `/${assignField}`, value: me }] },
      {
        onSuccess: () => {
          const said = t('board.assignedToMe', { title: record.title });
          message.success(said);
          setAnnounced(said);
        },
        onError: failed,
      },
    );
  };

  // after a keyboard move the card is drawn anew in its place: give it the focus back there
  // (unless the person has gone elsewhere meanwhile)
  useEffect(() => {
    const target = follow.current;
    if (!target) return;
    const el = boardRef.current?.querySelector<HTMLElement>(`[data-card-id="${target.id}"][data-stage-id="${target.stageId}"]`);
    const active = document.activeElement;
    if (el && el !== active && (active === null || active === document.body || boardRef.current?.contains(active))) el.focus();
  });
  const focusCard = (stageAt: number, at: number) => {
    const column = boardRef.current?.querySelectorAll<HTMLElement>('.board-column')[stageAt];
    const cards = column?.querySelectorAll<HTMLElement>('[data-card-id]');
    if (!cards || cards.length === 0) return;
    cards[Math.max(0, Math.min(at, cards.length - 1))]?.focus();
  };
  const cardKeys = (record: EntityRecord, stageAt: number, at: number) => (e: KeyboardEvent<HTMLElement>) => {
    // keys typed in the card's own controls (its link, its stage choice) are theirs
    if (e.target !== e.currentTarget || e.ctrlKey || e.metaKey || e.altKey) return;
    const rows = columns[stageAt]?.data?.data ?? [];
    const stage = stages[stageAt];
    if (!stage) return;
    const moveTo = (stageId: string, beforeId?: string) => {
      follow.current = { id: record.id, stageId };
      move(record, stageId, beforeId);
    };
    const key = e.key;
    if (key === 'Enter') void navigate(`${definition.web.path}/${record.id}`);
    else if ((key === 'i' || key === 'I') && !e.shiftKey) assignToMe(record);
    else if (!key.startsWith('Arrow')) return;
    else if (!e.shiftKey) {
      if (key === 'ArrowUp') focusCard(stageAt, at - 1);
      if (key === 'ArrowDown') focusCard(stageAt, at + 1);
      if (key === 'ArrowLeft') focusCard(stageAt - 1, at);
      if (key === 'ArrowRight') focusCard(stageAt + 1, at);
    } else if (canMove) {
      const beside = stages[stageAt + (key === 'ArrowLeft' ? -1 : 1)];
      if ((key === 'ArrowLeft' || key === 'ArrowRight') && beside) moveTo(beside.id);
      if (key === 'ArrowUp' && at > 0) moveTo(stage.id, rows[at - 1]?.id);
      if (key === 'ArrowDown' && at < rows.length - 1) moveTo(stage.id, rows[at + 2]?.id);
    }
    e.preventDefault();
  };
  // a card dropped on a column goes to its end; dropped on a card, above that card
  const drop = (stageId: string, beforeId?: string) => (e: DragEvent<HTMLElement>) => {
    e.preventDefault();
    e.stopPropagation();
    setOver(null);
    const raw = e.dataTransfer.getData('application/x-atrium-record');
    if (!raw) return;
    move(JSON.parse(raw) as EntityRecord, stageId, beforeId);
  };

  if (scopeField && !scopeId)
    return <Empty description={t('board.chooseScope', { field: t(definition.fields[scopeField]?.label ?? scopeField) })} />;
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
      <Typography.Text type="secondary" id={`board-keys-${definition.kind}`} className="board-keys">
        {t(assignField && canMove ? 'board.keysAssign' : canMove ? 'board.keys' : 'board.keysRead')}
      </Typography.Text>
      <div role="status" aria-live="polite" className="visually-hidden">
        {announced}
      </div>
      <div className="board" role="list" aria-label={text('board.label')} ref={boardRef}>
        {stages.map((s, i) => {
          const data = columns[i]?.data;
          // more cards than the stage's work-in-progress limit: the column warns (it still takes cards)
          const overLimit = s.wipLimit !== null && (data?.total ?? 0) > s.wipLimit;
          return (
            <section
              key={s.id}
              role="listitem"
              aria-label={`${s.name} (${data?.total ?? 0})`}
              className={`board-column${over === s.id ? ' board-column-over' : ''}${overLimit ? ' board-column-over-limit' : ''}`}
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
                <Badge count={data?.total ?? 0} showZero color={overLimit ? '#cf1322' : '#8c8c8c'} />
                {s.wipLimit !== null ? (
                  <Typography.Text
                    type={overLimit ? 'danger' : 'secondary'}
                    className="board-column-limit"
                    role={overLimit ? 'status' : undefined}
                  >
                    {overLimit ? t('board.overLimit', { limit: s.wipLimit }) : t('board.limit', { limit: s.wipLimit })}
                  </Typography.Text>
                ) : null}
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
                {data?.data.slice(0, allDrawn ? undefined : firstDrawn).map((r, at) => (
                  // a plain element, not antd's Card, as the browser's own select and buttons
                  // below: a board draws hundreds of cards, and each antd component costs its
                  // render (issue 20: the board of 2,000 tasks from navigation)
                  <div
                    key={r.id}
                    className="board-card"
                    draggable={canMove}
                    tabIndex={0}
                    role="group"
                    data-card-id={r.id}
                    data-stage-id={s.id}
                    aria-label={r.title || t('entity.untitled')}
                    aria-describedby={`board-keys-${definition.kind}`}
                    onKeyDown={cardKeys(r, i, at)}
                    onFocus={(e) => {
                      // the person went to another card: stop following the moved one
                      if (e.target === e.currentTarget && follow.current?.id !== r.id) follow.current = null;
                    }}
                    onDragStart={(e) => e.dataTransfer.setData('application/x-atrium-record', JSON.stringify(r))}
                    onDrop={drop(s.id, r.id)}
                  >
                    <Link to={`${definition.web.path}/${r.id}`}>{r.title || t('entity.untitled')}</Link>
                    {sumKey && r[sumKey] !== null && r[sumKey] !== undefined ? (
                      <Typography.Text type="secondary" className="board-card-amount">
                        {amount(r[sumKey])}
                      </Typography.Text>
                    ) : null}
                    {cardFields.length > 0 ? (
                      <div className="board-card-meta">
                        {cardFields.map((key) => {
                          const cell = cells.get(key);
                          const shown = cell ? cell(r) : null;
                          return shown === null || shown === '' ? null : <span key={key}>{shown}</span>;
                        })}
                        {overdue(r, s.stageType) ? (
                          <Tag color="red" className="board-card-overdue">
                            {t('board.overdue')}
                          </Tag>
                        ) : null}
                      </div>
                    ) : null}
                    {canMove ? (
                      // the browser's own select: a board draws hundreds of them, and an antd
                      // Select per card was a third of the time a 200-card board took to paint
                      <select
                        aria-label={t('board.moveNamed', { title: r.title })}
                        value={s.id}
                        onChange={(e) => move(r, e.target.value)}
                        className="board-card-move"
                      >
                        {stages.map((x) => (
                          <option key={x.id} value={x.id}>
                            {x.name}
                          </option>
                        ))}
                      </select>
                    ) : null}
                    {canMove ? (
                      <span className="board-card-order">
                        <button
                          type="button"
                          className="board-card-step"
                          aria-label={t('board.moveUp', { title: r.title })}
                          disabled={at === 0}
                          onClick={() => move(r, s.id, data.data[at - 1]?.id)}
                        />
                        <button
                          type="button"
                          className="board-card-step board-card-step-down"
                          aria-label={t('board.moveDown', { title: r.title })}
                          disabled={at === data.data.length - 1}
                          onClick={() => move(r, s.id, data.data[at + 2]?.id)}
                        />
                      </span>
                    ) : null}
                  </div>
                ))}
                {data && data.total > data.data.length ? (
                  <Typography.Text type="secondary">{t('board.more', { count: data.total - data.data.length })}</Typography.Text>
                ) : null}
              </div>
            </section>
          );
        })}
      </div>
      <Modal
        open={asking !== null}
        title={asking ? t(asking.result === 'Won' ? 'board.whyWon' : 'board.whyLost', { title: asking.record.title }) : ''}
        okText={t('board.outcomeMove', { stage: stages.find((x) => x.id === asking?.stageId)?.name ?? '' })}
        cancelText={t('common.cancel')}
        onOk={decide}
        onCancel={() => setAsking(null)}
        destroyOnHidden
      >
        <Form layout="vertical" onFinish={decide}>
          <Form.Item label={t('board.outcomeReason')} htmlFor="board-outcome-reason" extra={t('board.outcomeHint')}>
            <Input.TextArea
              id="board-outcome-reason"
              autoFocus
              rows={3}
              maxLength={1000}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
