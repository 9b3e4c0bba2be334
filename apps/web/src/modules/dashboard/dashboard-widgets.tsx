import { ArrowDownOutlined, ArrowUpOutlined, LayoutOutlined } from '@ant-design/icons';
import {
  CURRENT_USER,
  DASHBOARD_WIDGETS,
  DASHBOARD_WIDGETS_HIDDEN_BY,
  DASHBOARD_WIDGET_KEYS,
  opportunityEntity,
  PRIORITY_COLORS,
  projectEntity,
  resourceEntity,
  taskEntity,
  teamEntity,
  type BookingList,
  type DashboardWidget,
  type EntityRecord,
  type MyProjects,
  type MyResources,
  type MyTasks,
  type MyTeams,
  type OpenOpportunitiesByStage,
  type PipelineByMonth,
  type RecentRecords,
} from '@atrium/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Col, Modal, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiRequest } from '../../platform/api/api-client';
import { workspaceKey } from '../../platform/api/query-keys';
import { formatDate } from '../../platform/dates/format-date';
import { useWorkspaceCurrency } from '../../platform/entity/use-currency';
import { formatMoney } from '../../platform/i18n/number-format';
import { definitionOf, recordPath } from '../../platform/entity/web-entity';
import { EmptyState } from '../../platform/feedback/empty-state';
import { useAccess } from '../../platform/permissions/use-access';
import { BOOKINGS_PATH } from '../bookings';
import { MY_TASK_CALENDAR_PATH } from '../projects';

type Layout = { widgets: DashboardWidget[]; customized: boolean };
const layoutKey = () => workspaceKey('dashboard', 'layout');
const LAYOUT = '/api/v1/core/dashboard/layout';

function useData<T>(key: string, path: string) {
  return useQuery({ queryKey: workspaceKey('dashboard', key), queryFn: () => apiRequest<T>(path) });
}

function useMoney() {
  const { i18n } = useTranslation();
  const currency = useWorkspaceCurrency();
  return (n: number) => formatMoney(n, currency, i18n.language);
}

// One widget's frame: its title, a skeleton while loading, the error, or what it shows.
function WidgetCard({
  widget,
  loading,
  error,
  children,
}: {
  widget: DashboardWidget;
  loading: boolean;
  error: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card title={<h2 className="card-heading">{t(`dashboard.widget.${widget}`)}</h2>} className="dashboard-widget">
      {error ? <Alert type="error" showIcon message={t('dashboard.widget.loadFailed')} /> : loading ? <Skeleton active /> : children}
    </Card>
  );
}

function MyOpenOpportunities() {
  const { t } = useTranslation();
  const money = useMoney();
  const q = useData<OpenOpportunitiesByStage>('myOpenOpportunities', '/api/v1/dashboard/my-open-opportunities');
  const stages = q.data?.stages ?? [];
  const total = stages.reduce((n, s) => n + s.count, 0);
  const pipelines = new Set(stages.map((s) => s.workflowId)).size;
  return (
    <WidgetCard widget="myOpenOpportunities" loading={q.isPending} error={q.isError}>
      {total === 0 ? (
        <EmptyState description={t('dashboard.widget.noOpenOpportunities')} />
      ) : (
        <ul className="plain-list widget-rows">
          {stages
            .filter((s) => s.count > 0)
            .map((s) => (
              <li key={s.stageId} className="widget-row">
                <span>
                  <span className="board-stage-dot" style={{ background: s.color ?? '#8c8c8c' }} aria-hidden />{' '}
                  {pipelines > 1 ? `${s.workflowName}: ${s.stageName}` : s.stageName}
                </span>
                <span className="widget-figures">
                  {t('dashboard.widget.deals', { count: s.count })} · {money(s.sum)}
                </span>
              </li>
            ))}
        </ul>
      )}
      <Link to={`${opportunityEntity.web.path}?m=board`}>{t('dashboard.widget.openBoard')}</Link>
    </WidgetCard>
  );
}

// Bars drawn with CSS, the figures written beside them: readable without the picture.
function PipelineByMonthChart() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const q = useData<PipelineByMonth>('pipelineByMonth', '/api/v1/dashboard/pipeline-by-month');
  const months = q.data?.months ?? [];
  const max = Math.max(1, ...months.map((m) => m.sum));
  const monthName = (ym: string) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${ym}-01T00:00:00Z`));
  return (
    <WidgetCard widget="pipelineByMonth" loading={q.isPending} error={q.isError}>
      {months.length === 0 && (q.data?.undated.count ?? 0) === 0 ? (
        <EmptyState description={t('dashboard.widget.noPipeline')} />
      ) : (
        <ol className="plain-list bar-chart" aria-label={t('dashboard.widget.pipelineByMonth')}>
          {months.map((m) => (
            <li key={m.month} className="bar-row">
              <span className="bar-label">{monthName(m.month)}</span>
              <span className="bar-track" aria-hidden>
                <span className="bar-fill" style={{ width: `${Math.max(2, (m.sum / max) * 100)}%` }} />
              </span>
              <span className="bar-value">
                {money(m.sum)} <Typography.Text type="secondary">({t('dashboard.widget.deals', { count: m.count })})</Typography.Text>
              </span>
            </li>
          ))}
          {q.data && q.data.undated.count > 0 ? (
            <li className="bar-row">
              <span className="bar-label">{t('dashboard.widget.undated')}</span>
              <span className="bar-track" aria-hidden />
              <span className="bar-value">
                {money(q.data.undated.sum)}{' '}
                <Typography.Text type="secondary">({t('dashboard.widget.deals', { count: q.data.undated.count })})</Typography.Text>
              </span>
            </li>
          ) : null}
        </ol>
      )}
    </WidgetCard>
  );
}

function RecentlyChanged() {
  const { t } = useTranslation();
  const q = useData<RecentRecords>('recentRecords', '/api/v1/core/recent-records?limit=8');
  return (
    <WidgetCard widget="recentRecords" loading={q.isPending} error={q.isError}>
      {q.data?.length === 0 ? (
        <EmptyState description={t('dashboard.widget.noRecent')} />
      ) : (
        <ul className="plain-list widget-rows">
          {(q.data ?? []).map((r) => {
            const path = recordPath(r.kind, r.id);
            const title = r.title || t('entity.untitled');
            return (
              <li key={`${r.kind}:${r.id}`} className="widget-row">
                <span>
                  {path ? <Link to={path}>{title}</Link> : title}{' '}
                  <Typography.Text type="secondary">{t(`${definitionOf(r.kind).captionKey}.singular`)}</Typography.Text>
                </span>
                <Typography.Text type="secondary">{formatDate(r.updatedAt, 'dateTime')}</Typography.Text>
              </li>
            );
          })}
        </ul>
      )}
    </WidgetCard>
  );
}

function MyTeamsList() {
  const { t } = useTranslation();
  const q = useData<MyTeams>('myTeams', '/api/v1/dashboard/my-teams');
  return (
    <WidgetCard widget="myTeams" loading={q.isPending} error={q.isError}>
      {q.data?.length === 0 ? (
        <EmptyState description={t('dashboard.widget.noTeams')} />
      ) : (
        <ul className="plain-list widget-rows">
          {(q.data ?? []).map((team) => (
            <li key={team.id} className="widget-row">
              <Link to={`${teamEntity.web.path}/${team.id}`}>{team.name}</Link>
              <Typography.Text type="secondary">{t('dashboard.widget.members', { count: team.memberCount })}</Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </WidgetCard>
  );
}

const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function MyTasksList() {
  const { t } = useTranslation();
  const q = useData<MyTasks>('myTasks', '/api/v1/dashboard/my-tasks');
  const today = todayIso();
  const more = (q.data?.total ?? 0) - (q.data?.tasks.length ?? 0);
  return (
    <WidgetCard widget="myTasks" loading={q.isPending} error={q.isError}>
      {q.data?.tasks.length === 0 ? (
        <EmptyState description={t('dashboard.widget.noTasks')} />
      ) : (
        <ul className="plain-list widget-rows">
          {(q.data?.tasks ?? []).map((task) => (
            <li key={task.id} className="widget-row">
              <span>
                <Link to={`${taskEntity.web.path}/${task.id}`}>
                  {task.number} {task.title}
                </Link>{' '}
                <Typography.Text type="secondary">{task.projectTitle}</Typography.Text>
              </span>
              <Space size={4} wrap>
                {task.priority ? (
                  <Tag color={PRIORITY_COLORS[task.priority as keyof typeof PRIORITY_COLORS]}>
                    {t(`${taskEntity.captionKey}.field.priority.${task.priority}`)}
                  </Tag>
                ) : null}
                {task.dueDate ? (
                  <Typography.Text type={task.dueDate < today ? 'danger' : 'secondary'}>
                    {task.dueDate < today
                      ? t('dashboard.widget.overdueSince', { date: formatDate(task.dueDate, 'date') })
                      : formatDate(task.dueDate, 'date')}
                  </Typography.Text>
                ) : null}
              </Space>
            </li>
          ))}
        </ul>
      )}
      {more > 0 ? <Typography.Text type="secondary">{t('dashboard.widget.moreTasks', { count: more })}</Typography.Text> : null}
    </WidgetCard>
  );
}

const DAYS_AHEAD = 7;
const DUE_SHOWN = 50;
const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00`);
  d.setDate(d.getDate() + n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

// My task calendar in short: my tasks due today and in the next days, by day (the engine's task
// list with the calendar page's own filter), each a link to the task; the full calendar a click away.
function MyTaskCalendarAgenda() {
  const { t, i18n } = useTranslation();
  const today = todayIso();
  const last = addDays(today, DAYS_AHEAD - 1);
  const body = {
    page: 1,
    pageSize: DUE_SHOWN,
    sort: [{ field: 'dueDate', order: 'asc' as const }],
    filters: [
      { field: 'assigneeId', op: 'eq' as const, value: CURRENT_USER },
      { field: 'dueDate', op: 'between' as const, value: [today, last] },
    ],
  };
  const q = useQuery({
    queryKey: workspaceKey('dashboard', 'myTaskCalendar', body),
    queryFn: () => apiRequest<{ data: EntityRecord[]; total: number }>(`${taskEntity.basePath}/list`, { method: 'POST', body }),
  });
  const tasks = q.data?.data ?? [];
  const days = [...new Set(tasks.map((task) => String(task.dueDate)))];
  const dayName = (iso: string) =>
    iso === today
      ? t('dashboard.widget.dueToday')
      : iso === addDays(today, 1)
        ? t('dashboard.widget.dueTomorrow')
        : new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  const more = (q.data?.total ?? 0) - tasks.length;
  return (
    <WidgetCard widget="myTaskCalendar" loading={q.isPending} error={q.isError}>
      {tasks.length === 0 ? (
        <EmptyState description={t('dashboard.widget.noDueTasks')} />
      ) : (
        <ol className="plain-list" aria-label={t('dashboard.widget.myTaskCalendar')}>
          {days.map((iso) => (
            <li key={iso}>
              <Typography.Title level={3} style={{ fontSize: 13, margin: '8px 0 0' }}>
                {dayName(iso)} <Typography.Text type="secondary">{formatDate(iso, 'date')}</Typography.Text>
              </Typography.Title>
              <ul className="plain-list widget-rows">
                {tasks
                  .filter((task) => task.dueDate === iso)
                  .map((task) => {
                    const project = task.project as { title?: string } | null | undefined;
                    return (
                      <li key={task.id} className="widget-row">
                        <Link to={`${taskEntity.web.path}/${task.id}`}>
                          {String(task.number ?? '')} {task.title || t('entity.untitled')}
                        </Link>
                        {project?.title ? <Typography.Text type="secondary">{project.title}</Typography.Text> : null}
                      </li>
                    );
                  })}
              </ul>
            </li>
          ))}
        </ol>
      )}
      {more > 0 ? <Typography.Text type="secondary">{t('dashboard.widget.moreDue', { count: more })}</Typography.Text> : null}
      <Link to={MY_TASK_CALENDAR_PATH}>{t('dashboard.widget.openTaskCalendar')}</Link>
    </WidgetCard>
  );
}

function MyProjectsList() {
  const { t } = useTranslation();
  const q = useData<MyProjects>('myProjects', '/api/v1/dashboard/my-projects');
  return (
    <WidgetCard widget="myProjects" loading={q.isPending} error={q.isError}>
      {q.data?.length === 0 ? (
        <EmptyState description={t('dashboard.widget.noProjects')} />
      ) : (
        <ul className="plain-list widget-rows">
          {(q.data ?? []).map((project) => (
            <li key={project.id} className="widget-row">
              <Link to={`${projectEntity.web.path}/${project.id}`}>
                {project.title} <Typography.Text type="secondary">{project.code}</Typography.Text>
              </Link>
              <Typography.Text type="secondary">
                {t('dashboard.widget.openTasks', { count: project.openTasks, mine: project.myOpenTasks })}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </WidgetCard>
  );
}

// What I hold: the items checked out to me, since when, each a link to the item.
function MyResourcesList() {
  const { t } = useTranslation();
  const q = useData<MyResources>('myResources', '/api/v1/dashboard/my-resources');
  return (
    <WidgetCard widget="myResources" loading={q.isPending} error={q.isError}>
      {q.data?.resources.length === 0 ? (
        <EmptyState description={t('dashboard.widget.noResources')} />
      ) : (
        <ul className="plain-list widget-rows">
          {(q.data?.resources ?? []).map((r) => (
            <li key={r.id} className="widget-row">
              <span>
                <Link to={`${resourceEntity.web.path}/${r.id}`}>{r.title}</Link>{' '}
                <Typography.Text type="secondary">{[r.resourceTypeTitle, r.locationTitle].filter(Boolean).join(' · ')}</Typography.Text>
              </span>
              <Typography.Text type="secondary">
                {t('dashboard.widget.heldSince', { since: formatDate(r.checkedOutAt, 'dateTime') })}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </WidgetCard>
  );
}

// My calendar: my next bookings (running now, today and the coming week), each with its
// resource, when and where; the Bookings page has the whole calendar.
function MyCalendarList() {
  const { t } = useTranslation();
  const q = useData<BookingList>('myCalendar', '/api/v1/dashboard/my-bookings');
  return (
    <WidgetCard widget="myCalendar" loading={q.isPending} error={q.isError}>
      {q.data?.data.length === 0 ? (
        <EmptyState description={t('dashboard.widget.noBookings')} />
      ) : (
        <ul className="plain-list widget-rows" aria-label={t('dashboard.widget.myCalendar')}>
          {(q.data?.data ?? []).map((b) => (
            <li key={b.id} className="widget-row">
              <span>
                <Link to={`${resourceEntity.web.path}/${b.resource.id}`}>{b.resource.title}</Link>{' '}
                <Typography.Text type="secondary">{[b.title, b.location?.title].filter(Boolean).join(' · ')}</Typography.Text>
              </span>
              <Typography.Text type="secondary">{`${formatDate(b.start, 'dateTime')} – ${formatDate(b.end, 'time')}`}</Typography.Text>
            </li>
          ))}
        </ul>
      )}
      <Link to={BOOKINGS_PATH}>{t('dashboard.widget.allBookings')}</Link>
    </WidgetCard>
  );
}

const RENDER: Record<DashboardWidget, () => ReactNode> = {
  myOpenOpportunities: () => <MyOpenOpportunities />,
  pipelineByMonth: () => <PipelineByMonthChart />,
  recentRecords: () => <RecentlyChanged />,
  myTeams: () => <MyTeamsList />,
  myTasks: () => <MyTasksList />,
  myProjects: () => <MyProjectsList />,
  myTaskCalendar: () => <MyTaskCalendarAgenda />,
  myResources: () => <MyResourcesList />,
  myCalendar: () => <MyCalendarList />,
};

// The widgets the user chose, in their order, and the dialog that chooses and orders them.
export function DashboardWidgets() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<DashboardWidget[] | null>(null);
  const layout = useQuery({ queryKey: layoutKey(), queryFn: () => apiRequest<Layout>(LAYOUT) });
  const save = useMutation({
    mutationFn: (widgets: DashboardWidget[]) => apiRequest<Layout>(LAYOUT, { method: 'PUT', body: { widgets } }),
    onSuccess: (saved) => {
      qc.setQueryData(layoutKey(), saved);
      setEditing(null);
      message.success(t('dashboard.customize.saved'));
    },
    onError: () => message.error(t('dashboard.customize.failed')),
  });
  const available = DASHBOARD_WIDGET_KEYS.filter((w) => {
    const needs = DASHBOARD_WIDGETS[w];
    const hiddenBy = DASHBOARD_WIDGETS_HIDDEN_BY[w];
    return can({ permissions: needs === null ? [] : [needs], ...(hiddenBy ? { hiddenBy } : {}) });
  });
  // a widget whose module a feature flag hides is not shown, whatever the saved layout says
  const shown = (layout.data?.widgets ?? []).filter((w) => available.includes(w));
  // the dialog lists the chosen widgets in their order, then the others
  const order = editing ? [...editing, ...available.filter((w) => !editing.includes(w))] : [];
  const moveBy = (w: DashboardWidget, by: -1 | 1) => {
    if (!editing) return;
    const i = editing.indexOf(w);
    const j = i + by;
    if (i < 0 || j < 0 || j >= editing.length) return;
    const next = [...editing];
    [next[i], next[j]] = [next[j] as DashboardWidget, w];
    setEditing(next);
  };

  return (
    <section aria-labelledby="dashboard-widgets-heading" className="dashboard-widgets">
      <div className="section-header">
        <Typography.Title level={2} id="dashboard-widgets-heading" className="section-title">
          {t('dashboard.widgets')}
        </Typography.Title>
        <Button icon={<LayoutOutlined />} onClick={() => setEditing(shown)} disabled={layout.isPending}>
          {t('dashboard.customize.open')}
        </Button>
      </div>
      {layout.isError ? <Alert type="error" showIcon message={t('dashboard.widget.loadFailed')} /> : null}
      {layout.data && shown.length === 0 ? <EmptyState description={t('dashboard.customize.none')} /> : null}
      <Row gutter={[16, 16]}>
        {shown.map((w) => (
          <Col key={w} xs={24} lg={12}>
            {RENDER[w]()}
          </Col>
        ))}
      </Row>
      <Modal
        open={editing !== null}
        title={t('dashboard.customize.title')}
        okText={t('common.save')}
        confirmLoading={save.isPending}
        onOk={() => editing && save.mutate(editing)}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('dashboard.customize.text')}</Typography.Paragraph>
        <ul className="plain-list widget-rows">
          {order.map((w) => {
            const on = editing?.includes(w) ?? false;
            const at = editing?.indexOf(w) ?? -1;
            return (
              <li key={w} className="widget-row">
                <Checkbox
                  checked={on}
                  onChange={(e) => editing && setEditing(e.target.checked ? [...editing, w] : editing.filter((x) => x !== w))}
                >
                  {t(`dashboard.widget.${w}`)}
                </Checkbox>
                <Space size={4}>
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined />}
                    aria-label={t('dashboard.customize.up', { name: t(`dashboard.widget.${w}`) })}
                    disabled={!on || at <= 0}
                    onClick={() => moveBy(w, -1)}
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined />}
                    aria-label={t('dashboard.customize.down', { name: t(`dashboard.widget.${w}`) })}
                    disabled={!on || at < 0 || at >= (editing?.length ?? 0) - 1}
                    onClick={() => moveBy(w, 1)}
                  />
                </Space>
              </li>
            );
          })}
        </ul>
      </Modal>
    </section>
  );
}
