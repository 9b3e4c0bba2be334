import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  DeleteOutlined,
  RedoOutlined,
  SaveOutlined,
  UndoOutlined,
  UploadOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignMiddleOutlined,
  VerticalAlignTopOutlined,
} from '@ant-design/icons';
import {
  FILE_SIZE_LIMITS,
  MAX_POLYGON_POINTS,
  shapeCorners,
  type EntityRecord,
  type FloorMap,
  type FloorMapPlacement,
  type MapShape,
} from '@atrium/domain';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Empty,
  Form,
  Input,
  InputNumber,
  List,
  Progress,
  Select,
  Space,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import { useEffect, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../platform/api/api-error';
import { errorText } from '../../platform/feedback/form-errors';
import { useLeavePageGuard } from '../../platform/leave-guard/leave-page-guard';
import { useFloorMapMutations, useLocationResources, usePlanImage } from './floor-maps.api';
import {
  centreOf,
  GRID,
  historyOf,
  keepInside,
  moveShape,
  newPlacement,
  normaliseRotation,
  pushed,
  redone,
  scaleShape,
  shapeAt,
  undone,
  type History,
} from './floor-map.util';
import { FloorPlanStage } from './floor-plan-stage';
import type { PdfPlanProblem, PdfPlanStep } from './pdf-plan';

type AlignHow = 'left' | 'centre' | 'right' | 'top' | 'middle' | 'bottom';
const ALIGNS: [AlignHow, ReactNode][] = [
  ['left', <AlignLeftOutlined key="l" />],
  ['centre', <AlignCenterOutlined key="c" />],
  ['right', <AlignRightOutlined key="r" />],
  ['top', <VerticalAlignTopOutlined key="t" />],
  ['middle', <VerticalAlignMiddleOutlined key="m" />],
  ['bottom', <VerticalAlignBottomOutlined key="b" />],
];

// the box around a shape as turned
function outline(p: FloorMapPlacement): { left: number; right: number; top: number; bottom: number } {
  const corners = shapeCorners(p.shape, p.rotation);
  const xs = corners.map((c) => c.x);
  const ys = corners.map((c) => c.y);
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

const EDIT_LOOK = { fill: 'rgba(2, 31, 101, 0.18)', stroke: '#021F65' };
const SELECTED_LOOK = { fill: 'rgba(22, 119, 255, 0.3)', stroke: '#1677ff' };
const ACCEPT = 'image/png,image/jpeg,image/svg+xml,application/pdf,.png,.jpg,.jpeg,.svg,.pdf';
// a PDF plan is read in the browser up to the general file limit; its page goes up as a PNG
// within the image limit
const MAX_PDF_BYTES = FILE_SIZE_LIMITS.file;
type PdfProgress = 'loading' | PdfPlanStep | 'uploading';
const PDF_PERCENT: Record<PdfProgress, number> = { loading: 10, reading: 30, drawing: 55, encoding: 80, uploading: 95 };
const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
// the PDF reader (pdf.js, a few hundred kB) is its own chunk, fetched when a PDF is picked
const loadPdfPlan = () => import('./pdf-plan');

// One shape kind turned into another, keeping its place.
function convert(shape: MapShape, kind: MapShape['kind'], size: { width: number; height: number }): MapShape {
  const c = centreOf(shape);
  if (kind === shape.kind) return shape;
  if (kind === 'point') return { kind: 'point', x: c.x, y: c.y };
  const w = shape.kind === 'rect' ? shape.width : Math.max(GRID * 2, size.width / 20);
  const h = shape.kind === 'rect' ? shape.height : Math.max(GRID, size.height / 30);
  if (kind === 'rect') return { kind: 'rect', x: c.x - w / 2, y: c.y - h / 2, width: w, height: h };
  return {
    kind: 'polygon',
    points: [
      { x: c.x - w / 2, y: c.y - h / 2 },
      { x: c.x + w / 2, y: c.y - h / 2 },
      { x: c.x + w / 2, y: c.y + h / 2 },
      { x: c.x - w / 2, y: c.y + h / 2 },
    ].slice(0, MAX_POLYGON_POINTS),
  };
}

// The floor map editor: upload the plan, place the location's resources by dragging them from
// the list (or choosing Place), move, resize and turn them on the plan, snap to the grid, undo and
// redo (Ctrl+Z, Ctrl+Shift+Z), select several (Shift+click) to move, align or remove them together,
// zoom and pan, and save the floor whole (a conflict offers reload).
export function FloorMapEditor({ map, locationId, onDirty }: { map: FloorMap; locationId: string; onDirty: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const image = usePlanImage(map);
  const resources = useLocationResources(locationId);
  const calls = useFloorMapMutations(locationId);
  const [history, setHistory] = useState<History<FloorMapPlacement[]>>(() => historyOf(map.placements));
  const [base, setBase] = useState(map);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [snap, setSnap] = useState(true);
  const [conflict, setConflict] = useState(false);
  const [pdfStep, setPdfStep] = useState<PdfProgress | null>(null);
  const [pdfProblem, setPdfProblem] = useState<PdfPlanProblem | 'fileTooLarge' | null>(null);
  const placements = history.present;
  const size = map.image;

  // a newer version of the map (saved here, or reloaded after a conflict) starts a new history
  if (map.version !== base.version || map.id !== base.id) {
    setBase(map);
    setHistory(historyOf(map.placements));
    setConflict(false);
  }

  const dirty = history.present !== base.placements && JSON.stringify(history.present) !== JSON.stringify(base.placements);
  // leaving the page (another record, the browser's back) with unsaved placements asks first
  useLeavePageGuard(dirty);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  const titles = useMemo(() => new Map((resources.data ?? []).map((r: EntityRecord) => [r.id, String(r.title ?? '')])), [resources.data]);
  const placed = new Set(placements.map((p) => p.resourceId));
  const selection = new Set(selectedIds);
  const selected = selectedIds.length === 1 ? placements.find((p) => p.resourceId === selectedIds[0]) : undefined;
  // a click selects one shape; with Shift, Ctrl or Cmd it adds the shape to the selection or takes it out
  const select = (id: string | null, add: boolean) =>
    setSelectedIds((ids) =>
      // nothing chosen stays the same array: a press on the empty plan (a pan) renders nothing
      id === null ? (ids.length === 0 ? ids : []) : !add ? [id] : ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id],
    );

  const change = (next: FloorMapPlacement[]) => setHistory((h) => pushed(h, next));
  const updateMany = (ids: ReadonlySet<string>, f: (p: FloorMapPlacement) => FloorMapPlacement) => {
    if (!size) return;
    setHistory((h) =>
      pushed(
        h,
        h.present.map((p) => (ids.has(p.resourceId) ? keepInside(f(p), size.width, size.height) : p)),
      ),
    );
  };
  const update = (id: string, f: (p: FloorMapPlacement) => FloorMapPlacement) => updateMany(new Set([id]), f);
  const moveBy = (ids: ReadonlySet<string>, dx: number, dy: number) =>
    updateMany(ids, (p) => ({ ...p, shape: moveShape(p.shape, dx, dy) }));
  const place = (resourceId: string, at?: { x: number; y: number }) => {
    if (!size || placed.has(resourceId)) return;
    change([...placements, newPlacement(resourceId, at ?? { x: size.width / 2, y: size.height / 2 }, size, snap)]);
    setSelectedIds([resourceId]);
  };
  const remove = (ids: ReadonlySet<string>) => {
    change(placements.filter((p) => !ids.has(p.resourceId)));
    setSelectedIds([]);
  };
  // A shape dragged with others selected takes them along by the same distance.
  const moved = (id: string, c: { x: number; y: number }) => {
    const p = placements.find((x) => x.resourceId === id);
    if (!p) return;
    const target = shapeAt(p.shape, c.x, c.y, snap);
    const from = centreOf(p.shape);
    const to = centreOf(target);
    if (selection.has(id) && selection.size > 1) moveBy(selection, to.x - from.x, to.y - from.y);
    else update(id, (q) => ({ ...q, shape: target }));
  };
  // Lines the selected shapes up by the edges or middles of their outlines (as turned).
  const align = (how: AlignHow) => {
    const chosen = placements.filter((p) => selection.has(p.resourceId));
    if (chosen.length < 2) return;
    const boxes = new Map(chosen.map((p) => [p.resourceId, outline(p)]));
    const all = [...boxes.values()];
    const target = {
      left: Math.min(...all.map((b) => b.left)),
      right: Math.max(...all.map((b) => b.right)),
      top: Math.min(...all.map((b) => b.top)),
      bottom: Math.max(...all.map((b) => b.bottom)),
      centre: all.reduce((n, b) => n + (b.left + b.right) / 2, 0) / all.length,
      middle: all.reduce((n, b) => n + (b.top + b.bottom) / 2, 0) / all.length,
    };
    if (!size) return;
    setHistory((h) =>
      pushed(
        h,
        h.present.map((p) => {
          const b = boxes.get(p.resourceId);
          if (!b) return p;
          const dx =
            how === 'left'
              ? target.left - b.left
              : how === 'right'
                ? target.right - b.right
                : how === 'centre'
                  ? target.centre - (b.left + b.right) / 2
                  : 0;
          const dy =
            how === 'top'
              ? target.top - b.top
              : how === 'bottom'
                ? target.bottom - b.bottom
                : how === 'middle'
                  ? target.middle - (b.top + b.bottom) / 2
                  : 0;
          return keepInside({ ...p, shape: moveShape(p.shape, dx, dy) }, size.width, size.height);
        }),
      ),
    );
  };

  const save = () =>
    calls.save.mutate(
      { id: map.id, version: base.version, body: { name: map.name, level: map.level, levelOrder: map.levelOrder, placements } },
      {
        onSuccess: () => void message.success(t('floorMaps.saved')),
        onError: (e) => {
          if (isApiError(e) && e.status === 412) setConflict(true);
          else void message.error(isApiError(e) ? e.message || errorText(t, e.code) : t('errorCodes.internalServerError'));
        },
      },
    );

  const send = (file: Blob, name: string) => {
    calls.upload.mutate(
      { id: map.id, version: base.version, file, name },
      {
        onSettled: () => setPdfStep(null),
        onSuccess: () => void message.success(t('floorMaps.planUploaded')),
        onError: (e) => {
          if (isApiError(e) && e.status === 412) setConflict(true);
          else void message.error(isApiError(e) ? e.message || errorText(t, e.code) : t('errorCodes.internalServerError'));
        },
      },
    );
  };

  // A PDF's first page is drawn in the browser and uploaded as a PNG (the server takes images
  // only); an empty, password-protected or broken PDF is said so next to the button.
  const uploadPdf = async (file: File) => {
    if (file.size > MAX_PDF_BYTES) return setPdfProblem('fileTooLarge');
    setPdfStep('loading');
    try {
      const { pdfFirstPageAsPng, PdfPlanError } = await loadPdfPlan();
      try {
        const png = await pdfFirstPageAsPng(file, FILE_SIZE_LIMITS.image, setPdfStep);
        setPdfStep('uploading');
        send(png, `${file.name.replace(/\.pdf$/i, '') || 'plan'}.png`);
      } catch (e) {
        setPdfStep(null);
        setPdfProblem(e instanceof PdfPlanError ? e.problem : 'broken');
      }
    } catch {
      // the reader's chunk did not arrive (offline, a new version deployed meanwhile)
      setPdfStep(null);
      void message.error(t('errorCodes.internalServerError'));
    }
  };

  const upload = (file: File) => {
    setPdfProblem(null);
    if (isPdf(file)) void uploadPdf(file);
    else send(file, file.name);
    return false;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (target.closest('input, textarea, [contenteditable="true"], .ant-select')) return;
    const mod = e.ctrlKey || e.metaKey;
    if (mod && e.key.toLowerCase() === 'z') {
      e.preventDefault();
      setHistory((h) => (e.shiftKey ? redone(h) : undone(h)));
    } else if (mod && e.key.toLowerCase() === 'y') {
      e.preventDefault();
      setHistory(redone);
    } else if (selection.size > 0 && (e.key === 'Delete' || e.key === 'Backspace') && target.closest('.floor-plan-canvas')) {
      e.preventDefault();
      remove(selection);
    } else if (selection.size > 0 && e.key.startsWith('Arrow') && target.closest('.floor-plan-canvas')) {
      e.preventDefault();
      const step = e.shiftKey ? 1 : GRID;
      const dx = e.key === 'ArrowLeft' ? -step : e.key === 'ArrowRight' ? step : 0;
      const dy = e.key === 'ArrowUp' ? -step : e.key === 'ArrowDown' ? step : 0;
      moveBy(selection, dx, dy);
    }
  };

  const uploadButton = (
    <Upload accept={ACCEPT} showUploadList={false} beforeUpload={upload}>
      <Button icon={<UploadOutlined />} loading={calls.upload.isPending || pdfStep !== null}>
        {t(size ? 'floorMaps.replacePlan' : 'floorMaps.uploadPlan')}
      </Button>
    </Upload>
  );

  const anchor = selected
    ? selected.shape.kind === 'rect'
      ? { x: selected.shape.x, y: selected.shape.y }
      : centreOf(selected.shape)
    : null;

  return (
    <div className="floor-map-editor" onKeyDown={onKeyDown}>
      {conflict && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('floorMaps.conflict')}
          action={
            <Button size="small" onClick={() => void calls.reload(map.id)}>
              {t('floorMaps.reload')}
            </Button>
          }
        />
      )}
      <Space wrap style={{ marginBottom: 8 }}>
        {uploadButton}
        <Typography.Text type="secondary">{t('floorMaps.planHint')}</Typography.Text>
      </Space>
      <div role="status" className="floor-map-pdf-progress">
        {pdfStep && (
          <Space wrap>
            <Progress percent={PDF_PERCENT[pdfStep]} size="small" showInfo={false} style={{ width: 160 }} />
            <Typography.Text>{t(`floorMaps.pdf.${pdfStep}`)}</Typography.Text>
          </Space>
        )}
      </div>
      {pdfProblem && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setPdfProblem(null)}
          style={{ marginBottom: 8 }}
          message={t(`floorMaps.pdf.${pdfProblem}`)}
        />
      )}
      {!size ? (
        <Empty description={t('floorMaps.noPlan')} />
      ) : (
        <div className="floor-map-layout">
          <div className="floor-map-main">
            {image ? (
              <FloorPlanStage
                image={image}
                size={size}
                placements={placements}
                titleOf={(id) => titles.get(id) ?? ''}
                lookOf={(p) => (selection.has(p.resourceId) ? SELECTED_LOOK : EDIT_LOOK)}
                selectedIds={selectedIds}
                onSelect={select}
                editable
                snap={snap}
                maxHeight={600}
                label={t('floorMaps.canvas', { name: map.name })}
                onMoved={moved}
                onTransformed={(id, tr) =>
                  update(id, (p) => ({
                    ...p,
                    rotation: normaliseRotation(tr.rotation),
                    shape: shapeAt(scaleShape(p.shape, tr.scaleX, tr.scaleY, snap), tr.centre.x, tr.centre.y, false),
                  }))
                }
                onDropResource={(id, at) => place(id, at)}
                toolbar={
                  <>
                    <Button
                      icon={<UndoOutlined />}
                      aria-label={t('floorMaps.undo')}
                      disabled={history.past.length === 0}
                      onClick={() => setHistory(undone)}
                    >
                      {t('floorMaps.undo')}
                    </Button>
                    <Button
                      icon={<RedoOutlined />}
                      aria-label={t('floorMaps.redo')}
                      disabled={history.future.length === 0}
                      onClick={() => setHistory(redone)}
                    >
                      {t('floorMaps.redo')}
                    </Button>
                    <Checkbox checked={snap} onChange={(e) => setSnap(e.target.checked)}>
                      {t('floorMaps.snap')}
                    </Checkbox>
                  </>
                }
              />
            ) : (
              <div className="floor-plan-loading" />
            )}
            <Space wrap style={{ marginTop: 12 }}>
              <Button type="primary" icon={<SaveOutlined />} loading={calls.save.isPending} disabled={!dirty} onClick={save}>
                {t('floorMaps.save')}
              </Button>
              {dirty && <Typography.Text type="warning">{t('floorMaps.unsaved')}</Typography.Text>}
            </Space>
          </div>
          <aside className="floor-map-side">
            <Typography.Title level={5}>{t('floorMaps.selected')}</Typography.Title>
            {selected && anchor ? (
              <Form layout="vertical" size="small" className="floor-map-selected">
                <Typography.Text strong>{titles.get(selected.resourceId)}</Typography.Text>
                <Form.Item label={t('floorMaps.shape')} htmlFor="fm-shape">
                  <Select
                    id="fm-shape"
                    value={selected.shape.kind}
                    options={(['point', 'rect', 'polygon'] as const).map((k) => ({ value: k, label: t(`floorMaps.shape.${k}`) }))}
                    onChange={(k) => update(selected.resourceId, (p) => ({ ...p, shape: convert(p.shape, k, size) }))}
                  />
                </Form.Item>
                <Space wrap>
                  <Form.Item label="X" htmlFor="fm-x">
                    <InputNumber
                      id="fm-x"
                      value={Math.round(anchor.x)}
                      onChange={(v) =>
                        typeof v === 'number' &&
                        update(selected.resourceId, (p) => {
                          const c = centreOf(p.shape);
                          return { ...p, shape: shapeAt(p.shape, c.x + (v - anchor.x), c.y, false) };
                        })
                      }
                    />
                  </Form.Item>
                  <Form.Item label="Y" htmlFor="fm-y">
                    <InputNumber
                      id="fm-y"
                      value={Math.round(anchor.y)}
                      onChange={(v) =>
                        typeof v === 'number' &&
                        update(selected.resourceId, (p) => {
                          const c = centreOf(p.shape);
                          return { ...p, shape: shapeAt(p.shape, c.x, c.y + (v - anchor.y), false) };
                        })
                      }
                    />
                  </Form.Item>
                </Space>
                {selected.shape.kind === 'rect' && (
                  <Space wrap>
                    <Form.Item label="W" htmlFor="fm-w">
                      <InputNumber
                        id="fm-w"
                        min={2}
                        value={Math.round(selected.shape.width)}
                        onChange={(v) =>
                          typeof v === 'number' &&
                          update(selected.resourceId, (p) =>
                            p.shape.kind === 'rect' ? { ...p, shape: { ...p.shape, width: Math.max(2, v) } } : p,
                          )
                        }
                      />
                    </Form.Item>
                    <Form.Item label="H" htmlFor="fm-h">
                      <InputNumber
                        id="fm-h"
                        min={2}
                        value={Math.round(selected.shape.height)}
                        onChange={(v) =>
                          typeof v === 'number' &&
                          update(selected.resourceId, (p) =>
                            p.shape.kind === 'rect' ? { ...p, shape: { ...p.shape, height: Math.max(2, v) } } : p,
                          )
                        }
                      />
                    </Form.Item>
                  </Space>
                )}
                <Form.Item label={t('floorMaps.rotation')} htmlFor="fm-rotation">
                  <InputNumber
                    id="fm-rotation"
                    min={-180}
                    max={180}
                    step={snap ? 15 : 1}
                    value={selected.rotation}
                    onChange={(v) =>
                      typeof v === 'number' && update(selected.resourceId, (p) => ({ ...p, rotation: normaliseRotation(v) }))
                    }
                  />
                </Form.Item>
                <Form.Item label={t('floorMaps.label')} htmlFor="fm-label">
                  <Input
                    id="fm-label"
                    maxLength={60}
                    value={selected.label ?? ''}
                    placeholder={titles.get(selected.resourceId)}
                    onChange={(e) =>
                      update(selected.resourceId, (p) => ({ ...p, label: e.target.value.trim() === '' ? null : e.target.value }))
                    }
                  />
                </Form.Item>
                <Button danger icon={<DeleteOutlined />} onClick={() => remove(selection)}>
                  {t('floorMaps.remove')}
                </Button>
              </Form>
            ) : selection.size > 1 ? (
              <Space direction="vertical" className="floor-map-selected">
                <Typography.Text strong>{t('floorMaps.selectedCount', { count: selection.size })}</Typography.Text>
                <Space.Compact block>
                  {ALIGNS.map(([how, icon]) => (
                    <Tooltip key={how} title={t(`floorMaps.align.${how}`)}>
                      <Button icon={icon} aria-label={t(`floorMaps.align.${how}`)} onClick={() => align(how)} />
                    </Tooltip>
                  ))}
                </Space.Compact>
                <Button danger icon={<DeleteOutlined />} onClick={() => remove(selection)}>
                  {t('floorMaps.remove')}
                </Button>
              </Space>
            ) : (
              <Typography.Paragraph type="secondary">{t('floorMaps.nothingSelected')}</Typography.Paragraph>
            )}
            <Typography.Title level={5}>{t('floorMaps.resources')}</Typography.Title>
            <Typography.Paragraph type="secondary">{t('floorMaps.dragHint')}</Typography.Paragraph>
            <List
              size="small"
              className="floor-map-resources"
              loading={resources.isLoading}
              locale={{ emptyText: t('floorMaps.noResources') }}
              dataSource={resources.data ?? []}
              renderItem={(r: EntityRecord) => {
                const on = placed.has(r.id);
                const title = String(r.title ?? '');
                return (
                  <List.Item
                    draggable={!on}
                    onDragStart={(e) => {
                      e.dataTransfer.setData('application/x-atrium-resource', r.id);
                      e.dataTransfer.effectAllowed = 'copy';
                    }}
                    className={on ? 'is-placed' : undefined}
                    actions={[
                      on ? (
                        <Button
                          key="select"
                          size="small"
                          type="link"
                          aria-label={`${t('floorMaps.selected')}: ${title}`}
                          onClick={(e) => select(r.id, e.shiftKey || e.ctrlKey || e.metaKey)}
                        >
                          {t('floorMaps.onMap')}
                        </Button>
                      ) : (
                        <Button key="place" size="small" aria-label={`${t('floorMaps.place')}: ${title}`} onClick={() => place(r.id)}>
                          {t('floorMaps.place')}
                        </Button>
                      ),
                    ]}
                  >
                    {title}
                  </List.Item>
                );
              }}
            />
          </aside>
        </div>
      )}
    </div>
  );
}
