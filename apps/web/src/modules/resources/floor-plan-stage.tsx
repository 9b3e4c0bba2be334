import { MinusOutlined, PlusOutlined, ExpandOutlined } from '@ant-design/icons';
import { shapeCorners, type FloorMapPlacement, type MapPoint } from '@atrium/domain';
import { Button, Space, Tooltip } from 'antd';
import type Konva from 'konva';
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Circle, Group, Image as KonvaImage, Layer, Line, Rect, Shape, Stage, Text, Transformer } from 'react-konva';
import { centreOf, placementAt } from './floor-map.util';

export type ShapeLook = { fill: string; stroke: string };

type Props = {
  image: HTMLImageElement;
  size: { width: number; height: number };
  placements: readonly FloorMapPlacement[];
  titleOf: (resourceId: string) => string;
  lookOf: (p: FloorMapPlacement) => ShapeLook;
  selectedIds?: readonly string[];
  // `add`: Shift, Ctrl or Cmd was held (adds to or takes from the selection)
  onSelect?: (resourceId: string | null, add: boolean) => void;
  // editing: moved or turned/resized shapes come back as their node's new centre, turn and scale
  editable?: boolean;
  snap?: boolean;
  onMoved?: (resourceId: string, centre: MapPoint) => void;
  onTransformed?: (resourceId: string, t: { centre: MapPoint; rotation: number; scaleX: number; scaleY: number }) => void;
  onDropResource?: (resourceId: string, at: MapPoint) => void;
  maxHeight: number;
  label: string;
  toolbar?: ReactNode;
};

const ZOOM_STEP = 1.25;
const LABEL_FONT = 'Arial';
const LABEL_COLOUR = '#0b1533';
// labels smaller than this on the screen are left out (unreadable, and the costliest part to draw)
const MIN_LABEL_PX = 6;
// the bitmap the shapes are frozen into while the plan is panned: at most this many pixels a side
const MAX_FROZEN_SIDE = 4096;

// The outline of a placed shape, as turned, added to a path (image coordinates).
function tracePlacement(path: Path2D, p: FloorMapPlacement, pointRadius: number) {
  if (p.shape.kind === 'point') {
    path.moveTo(p.shape.x + pointRadius, p.shape.y);
    path.arc(p.shape.x, p.shape.y, pointRadius, 0, Math.PI * 2);
    return;
  }
  const corners = shapeCorners(p.shape, p.rotation);
  corners.forEach((q, i) => (i === 0 ? path.moveTo(q.x, q.y) : path.lineTo(q.x, q.y)));
  path.closePath();
}

// The live map's shapes as one path per look (fill and outline), and the chosen ones' outlines:
// a thousand desks are a handful of fills and strokes on one Konva shape, not a thousand nodes.
function livePaths(
  placements: readonly FloorMapPlacement[],
  lookOf: (p: FloorMapPlacement) => ShapeLook,
  selected: ReadonlySet<string>,
  pointRadius: number,
) {
  const byLook = new Map<string, { look: ShapeLook; path: Path2D }>();
  const chosen: { look: ShapeLook; path: Path2D }[] = [];
  for (const p of placements) {
    const look = lookOf(p);
    const key = `${look.fill}|${look.stroke}`;
    let entry = byLook.get(key);
    if (!entry) byLook.set(key, (entry = { look, path: new Path2D() }));
    tracePlacement(entry.path, p, pointRadius);
    if (selected.has(p.resourceId)) {
      const path = new Path2D();
      tracePlacement(path, p, pointRadius);
      chosen.push({ look, path });
    }
  }
  return { looks: [...byLook.values()], chosen };
}

const adding = (e: { evt: MouseEvent | TouchEvent }) => 'shiftKey' in e.evt && (e.evt.shiftKey || e.evt.ctrlKey || e.evt.metaKey);

type ShapeHandlers = {
  select: (resourceId: string, add: boolean) => void;
  dragStart: (resourceId: string) => void;
  moved: (resourceId: string, centre: MapPoint) => void;
  transformed: (resourceId: string, t: { centre: MapPoint; rotation: number; scaleX: number; scaleY: number }) => void;
};

// One desk in the editor: a group at its centre (what Konva drags, turns and resizes) with its
// shape and label. Outlines keep their width on the screen at any zoom (strokeScaleEnabled off),
// so a zoom leaves every desk as it was and React skips them all.
const EditorShape = memo(function EditorShape(props: {
  p: FloorMapPlacement;
  look: ShapeLook;
  selected: boolean;
  text: string;
  showText: boolean;
  fontSize: number;
  pointRadius: number;
  on: ShapeHandlers;
}) {
  const { p, look, on, fontSize, pointRadius } = props;
  const c = centreOf(p.shape);
  const id = p.resourceId;
  const outline = {
    fill: look.fill,
    stroke: look.stroke,
    strokeWidth: props.selected ? 3 : 1.5,
    strokeScaleEnabled: false,
    perfectDrawEnabled: false,
  };
  return (
    <Group
      id={`p-${id}`}
      x={c.x}
      y={c.y}
      rotation={p.rotation}
      draggable
      onClick={(e) => on.select(id, adding(e))}
      onTap={() => on.select(id, false)}
      onMouseEnter={(e) => {
        const stage = e.target.getStage();
        if (stage) stage.container().style.cursor = 'move';
      }}
      onMouseLeave={(e) => {
        const stage = e.target.getStage();
        if (stage) stage.container().style.cursor = '';
      }}
      onDragStart={() => on.dragStart(id)}
      onDragEnd={(e) => on.moved(id, { x: e.target.x(), y: e.target.y() })}
      onTransformEnd={(e) => {
        const node = e.target;
        const result = { centre: { x: node.x(), y: node.y() }, rotation: node.rotation(), scaleX: node.scaleX(), scaleY: node.scaleY() };
        node.scaleX(1);
        node.scaleY(1);
        on.transformed(id, result);
      }}
    >
      {p.shape.kind === 'point' && <Circle radius={pointRadius} {...outline} />}
      {p.shape.kind === 'rect' && (
        <Rect x={-p.shape.width / 2} y={-p.shape.height / 2} width={p.shape.width} height={p.shape.height} cornerRadius={2} {...outline} />
      )}
      {p.shape.kind === 'polygon' && <Line points={p.shape.points.flatMap((q) => [q.x - c.x, q.y - c.y])} closed {...outline} />}
      {props.showText && (
        <Text
          text={props.text}
          fontSize={fontSize}
          fill={LABEL_COLOUR}
          width={200}
          x={-100}
          y={p.shape.kind === 'point' ? pointRadius + 2 : -fontSize / 2}
          align="center"
          listening={false}
          perfectDrawEnabled={false}
        />
      )}
    </Group>
  );
});

// The plan and its shapes on a Konva canvas, scaled to the width it is given; zoom with the
// buttons or the wheel, pan by dragging the empty plan.
export function FloorPlanStage(props: Props) {
  const { t } = useTranslation();
  const { image, size, placements, editable = false, snap = false } = props;
  const box = useRef<HTMLDivElement>(null);
  const stageRef = useRef<Konva.Stage>(null);
  const transformer = useRef<Konva.Transformer>(null);
  // every placed shape, frozen into one bitmap while the plan is panned
  const shapesRef = useRef<Konva.Group>(null);
  const [width, setWidth] = useState(0);
  const [zoom, setZoom] = useState(1);

  // measured before the first paint, so the stage is made in the same commit, not a frame later
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    setWidth(el.clientWidth);
    return () => observer.disconnect();
  }, []);

  const height = Math.min(props.maxHeight, width > 0 ? Math.ceil((width * size.height) / size.width) : 0);
  const fit = width > 0 ? Math.min(width / size.width, height / size.height) : 1;
  const scale = fit * zoom;
  // at zoom 1 the plan sits in the middle of the stage
  const origin = { x: (width - size.width * fit) / 2, y: (height - size.height * fit) / 2 };

  useEffect(() => {
    const tr = transformer.current;
    const stage = stageRef.current;
    if (!tr || !stage) return;
    const nodes = (props.selectedIds ?? []).map((id) => stage.findOne(`#p-${id}`)).filter((n): n is Konva.Node => !!n);
    tr.nodes(nodes);
    tr.getLayer()?.batchDraw();
  }, [props.selectedIds, placements, width, zoom]);

  const zoomBy = (factor: number) => setZoom((z) => Math.min(8, Math.max(0.5, z * factor)));
  const onWheel = (e: Konva.KonvaEventObject<WheelEvent>) => {
    e.evt.preventDefault();
    zoomBy(e.evt.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP);
  };
  // the pan is the stage's own position, which a drag moves: kept out of React, so neither a
  // pointer move nor the drag's end renders the shapes again
  const toImage = (p: MapPoint): MapPoint => {
    const stage = stageRef.current;
    const pan = { x: stage?.x() ?? 0, y: stage?.y() ?? 0 };
    return { x: (p.x - origin.x - pan.x) / scale, y: (p.y - origin.y - pan.y) / scale };
  };

  // Panning moves the stage only (no React render per pointer move; Konva leaves the hit graph
  // alone while the stage is dragged): the shapes are drawn once into a bitmap at the screen's
  // resolution, and each frame copies it instead of drawing every desk and label again.
  const freeze = () => {
    const group = shapesRef.current;
    if (!group) return;
    const margin = Math.max(size.width, size.height) / 10;
    const side = Math.max(size.width, size.height) + 2 * margin;
    // deaf while frozen: the bitmap needs no hit graph (nothing is hit while the plan moves)
    group.listening(false);
    group.cache({
      x: -margin,
      y: -margin,
      width: size.width + 2 * margin,
      height: size.height + 2 * margin,
      pixelRatio: Math.min(scale * (window.devicePixelRatio || 1), MAX_FROZEN_SIDE / side),
      hitCanvasPixelRatio: 0.1,
    });
  };
  const thaw = () => {
    shapesRef.current?.clearCache();
    shapesRef.current?.listening(true);
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    const id = e.dataTransfer.getData('application/x-atrium-resource');
    const stage = stageRef.current;
    if (!id || !stage || !props.onDropResource) return;
    e.preventDefault();
    stage.setPointersPositions(e);
    const pointer = stage.getPointerPosition();
    if (pointer) props.onDropResource(id, toImage(pointer));
  };

  const selection = new Set(props.selectedIds ?? []);
  // the editor's handlers stay the same functions across renders (they read the latest props), so
  // a zoom, a choice or a move renders only the desks whose look or place changed
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const handlers = useMemo<ShapeHandlers>(
    () => ({
      select: (id, add) => latest.current.onSelect?.(id, add),
      dragStart: (id) => !(latest.current.selectedIds ?? []).includes(id) && latest.current.onSelect?.(id, false),
      moved: (id, centre) => latest.current.onMoved?.(id, centre),
      transformed: (id, t) => latest.current.onTransformed?.(id, t),
    }),
    [],
  );
  const single = selection.size === 1;
  const selectedPoint = single && placements.find((p) => selection.has(p.resourceId))?.shape.kind === 'point';
  const pointRadius = Math.max(6, Math.round(Math.max(size.width, size.height) / 120));
  const fontSize = Math.max(10, Math.round(Math.max(size.width, size.height) / 90));
  const { lookOf } = props;
  const paths = useMemo(
    () => (editable ? null : livePaths(placements, lookOf, new Set(props.selectedIds ?? []), pointRadius)),
    // the looks are read afresh whenever the placements, the states behind lookOf or the choice change
    [editable, placements, lookOf, props.selectedIds, pointRadius],
  );
  // the live map: a click or a tap chooses the shape under it (or none), found by its outline
  const chooseAt = (e: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    const pointer = e.target.getStage()?.getPointerPosition();
    if (!pointer) return;
    props.onSelect?.(placementAt(placements, toImage(pointer), pointRadius)?.resourceId ?? null, false);
  };
  const hover = (e: Konva.KonvaEventObject<MouseEvent>) => {
    const stage = e.target.getStage();
    const pointer = stage?.getPointerPosition();
    if (!stage || !pointer || stage.isDragging()) return;
    stage.container().style.cursor = placementAt(placements, toImage(pointer), pointRadius) ? 'pointer' : '';
  };

  return (
    <div className="floor-plan">
      <Space wrap className="floor-plan-toolbar">
        <Tooltip title={t('floorMaps.zoomIn')}>
          <Button icon={<PlusOutlined />} aria-label={t('floorMaps.zoomIn')} onClick={() => zoomBy(ZOOM_STEP)} />
        </Tooltip>
        <Tooltip title={t('floorMaps.zoomOut')}>
          <Button icon={<MinusOutlined />} aria-label={t('floorMaps.zoomOut')} onClick={() => zoomBy(1 / ZOOM_STEP)} />
        </Tooltip>
        <Tooltip title={t('floorMaps.fit')}>
          <Button
            icon={<ExpandOutlined />}
            aria-label={t('floorMaps.fit')}
            onClick={() => {
              setZoom(1);
              stageRef.current?.position({ x: 0, y: 0 });
              stageRef.current?.batchDraw();
            }}
          />
        </Tooltip>
        {props.toolbar}
      </Space>
      <div
        ref={box}
        className="floor-plan-canvas"
        role={editable ? 'application' : 'img'}
        tabIndex={editable ? 0 : undefined}
        aria-label={props.label}
        data-zoom={zoom}
        onDragOver={(e) => {
          if (props.onDropResource && e.dataTransfer.types.includes('application/x-atrium-resource')) e.preventDefault();
        }}
        onDrop={onDrop}
      >
        {width > 0 && (
          <Stage
            ref={stageRef}
            width={width}
            height={height}
            draggable
            onDragStart={(e) => {
              if (e.target === stageRef.current) freeze();
            }}
            onDragEnd={(e) => {
              if (e.target === stageRef.current) thaw();
            }}
            onWheel={onWheel}
            onMouseDown={(e) => {
              if (editable && (e.target === e.target.getStage() || e.target.name() === 'plan')) props.onSelect?.(null, false);
            }}
            onClick={editable ? undefined : chooseAt}
            onTap={editable ? undefined : chooseAt}
            onMouseMove={editable ? undefined : hover}
          >
            {/* the plan on its own layer, deaf to the pointer: a press on it reaches the stage (pan) */}
            <Layer x={origin.x} y={origin.y} scaleX={scale} scaleY={scale} listening={false}>
              <KonvaImage image={image} width={size.width} height={size.height} name="plan" perfectDrawEnabled={false} />
            </Layer>
            <Layer x={origin.x} y={origin.y} scaleX={scale} scaleY={scale} listening={editable}>
              <Group ref={shapesRef}>
                {paths ? (
                  // the live map: every shape and label drawn by one shape, deaf to the pointer (the
                  // stage finds the shape under a click by its outline); `looks` tells tests and tools
                  // each resource's fill, and the container's data-drawn how many shapes were drawn
                  <Shape
                    name="placements"
                    listening={false}
                    perfectDrawEnabled={false}
                    looks={Object.fromEntries(placements.map((p) => [p.resourceId, props.lookOf(p)]))}
                    sceneFunc={(ctx, shape) => {
                      ctx.setAttr('lineWidth', 1.5 / scale);
                      for (const { look, path } of paths.looks) {
                        ctx.setAttr('fillStyle', look.fill);
                        ctx.fill(path);
                        ctx.setAttr('strokeStyle', look.stroke);
                        ctx.stroke(path);
                      }
                      ctx.setAttr('lineWidth', 3 / scale);
                      for (const { look, path } of paths.chosen) {
                        ctx.setAttr('strokeStyle', look.stroke);
                        ctx.stroke(path);
                      }
                      if (fontSize * scale >= MIN_LABEL_PX) {
                        ctx.setAttr('font', `${fontSize}px ${LABEL_FONT}`);
                        ctx.setAttr('textAlign', 'center');
                        ctx.setAttr('textBaseline', 'top');
                        ctx.setAttr('fillStyle', LABEL_COLOUR);
                        for (const p of placements) {
                          const c = centreOf(p.shape);
                          ctx.save();
                          ctx.translate(c.x, c.y);
                          if (p.rotation) ctx.rotate((p.rotation * Math.PI) / 180);
                          ctx.fillText(
                            p.label ?? props.titleOf(p.resourceId),
                            0,
                            p.shape.kind === 'point' ? pointRadius + 2 : -fontSize / 2,
                            200,
                          );
                          ctx.restore();
                        }
                      }
                      const container = shape.getStage()?.container();
                      if (container) container.dataset.drawn = String(placements.length);
                    }}
                  />
                ) : (
                  placements.map((p) => (
                    <EditorShape
                      key={p.resourceId}
                      p={p}
                      look={props.lookOf(p)}
                      selected={selection.has(p.resourceId)}
                      text={p.label ?? props.titleOf(p.resourceId)}
                      showText={fontSize * scale >= MIN_LABEL_PX}
                      fontSize={fontSize}
                      pointRadius={pointRadius}
                      on={handlers}
                    />
                  ))
                )}
              </Group>
              {editable && (
                <Transformer
                  ref={transformer}
                  rotateEnabled={single}
                  resizeEnabled={single && !selectedPoint}
                  keepRatio={false}
                  rotationSnaps={snap ? [0, 45, 90, 135, 180, 225, 270, 315] : []}
                  ignoreStroke
                />
              )}
            </Layer>
          </Stage>
        )}
      </div>
    </div>
  );
}
