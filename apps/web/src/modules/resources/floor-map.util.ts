import { shapeCorners, type FloorMapPlacement, type MapPoint, type MapShape } from '@atrium/domain';

export const GRID = 10;
export const snapTo = (v: number, on: boolean, step = GRID): number => (on ? Math.round(v / step) * step : Math.round(v * 10) / 10);

// the point a shape turns about and is dragged by: a rectangle's middle, a polygon's mean point
export function centreOf(shape: MapShape): MapPoint {
  if (shape.kind === 'point') return { x: shape.x, y: shape.y };
  if (shape.kind === 'rect') return { x: shape.x + shape.width / 2, y: shape.y + shape.height / 2 };
  const n = shape.points.length;
  return { x: shape.points.reduce((s, p) => s + p.x, 0) / n, y: shape.points.reduce((s, p) => s + p.y, 0) / n };
}

export function moveShape(shape: MapShape, dx: number, dy: number): MapShape {
  if (shape.kind === 'point') return { ...shape, x: shape.x + dx, y: shape.y + dy };
  if (shape.kind === 'rect') return { ...shape, x: shape.x + dx, y: shape.y + dy };
  return { ...shape, points: shape.points.map((p) => ({ x: p.x + dx, y: p.y + dy })) };
}

// A shape with its centre at (cx, cy), snapped to the grid when asked (a rectangle by its corner).
export function shapeAt(shape: MapShape, cx: number, cy: number, snap: boolean): MapShape {
  const c = centreOf(shape);
  const moved = moveShape(shape, cx - c.x, cy - c.y);
  if (!snap) return moved;
  const anchor = moved.kind === 'rect' ? { x: moved.x, y: moved.y } : centreOf(moved);
  return moveShape(moved, snapTo(anchor.x, true) - anchor.x, snapTo(anchor.y, true) - anchor.y);
}

// Scaled about its centre (a resize by the handles); a point keeps its size.
export function scaleShape(shape: MapShape, sx: number, sy: number, snap: boolean): MapShape {
  if (shape.kind === 'point') return shape;
  const c = centreOf(shape);
  if (shape.kind === 'rect') {
    const width = Math.max(snap ? GRID : 2, snapTo(shape.width * sx, snap));
    const height = Math.max(snap ? GRID : 2, snapTo(shape.height * sy, snap));
    return { kind: 'rect', x: c.x - width / 2, y: c.y - height / 2, width, height };
  }
  return { ...shape, points: shape.points.map((p) => ({ x: c.x + (p.x - c.x) * sx, y: c.y + (p.y - c.y) * sy })) };
}

// Pushed back inside the image when a move or turn took part of it outside (the server refuses
// a shape outside the image).
export function keepInside(p: FloorMapPlacement, width: number, height: number): FloorMapPlacement {
  const corners = shapeCorners(p.shape, p.rotation);
  const minX = Math.min(...corners.map((q) => q.x));
  const maxX = Math.max(...corners.map((q) => q.x));
  const minY = Math.min(...corners.map((q) => q.y));
  const maxY = Math.max(...corners.map((q) => q.y));
  const dx = minX < 0 ? -minX : maxX > width ? width - maxX : 0;
  const dy = minY < 0 ? -minY : maxY > height ? height - maxY : 0;
  return dx === 0 && dy === 0 ? p : { ...p, shape: moveShape(p.shape, dx, dy) };
}

// A new desk's rectangle: a small share of the plan, centred where it was dropped.
export function newPlacement(resourceId: string, at: MapPoint, image: { width: number; height: number }, snap: boolean): FloorMapPlacement {
  const width = Math.max(GRID * 2, snapTo(image.width / 20, snap));
  const height = Math.max(GRID, snapTo(image.height / 30, snap));
  const shape = shapeAt({ kind: 'rect', x: 0, y: 0, width, height }, at.x, at.y, snap);
  return keepInside({ resourceId, shape, rotation: 0, label: null }, image.width, image.height);
}

export const normaliseRotation = (deg: number): number => {
  const r = (((Math.round(deg * 10) / 10) % 360) + 360) % 360;
  return r > 180 ? r - 360 : r;
};

// Undo and redo over the placements: every change pushes the state before it.
export type History<T> = { past: T[]; present: T; future: T[] };
export const historyOf = <T>(present: T): History<T> => ({ past: [], present, future: [] });
export const pushed = <T>(h: History<T>, next: T): History<T> => ({ past: [...h.past.slice(-99), h.present], present: next, future: [] });
export const undone = <T>(h: History<T>): History<T> =>
  h.past.length === 0 ? h : { past: h.past.slice(0, -1), present: h.past[h.past.length - 1] as T, future: [h.present, ...h.future] };
export const redone = <T>(h: History<T>): History<T> =>
  h.future.length === 0 ? h : { past: [...h.past, h.present], present: h.future[0] as T, future: h.future.slice(1) };

// Whether a point of the image lies on a placed shape as drawn (turned about its centre; a point
// is a circle of `pointRadius`).
export function shapeHit(p: FloorMapPlacement, at: MapPoint, pointRadius: number): boolean {
  const c = centreOf(p.shape);
  // the point turned back by the shape's rotation, so the shape can be tested unturned
  const a = (-p.rotation * Math.PI) / 180;
  const dx = at.x - c.x;
  const dy = at.y - c.y;
  const x = c.x + dx * Math.cos(a) - dy * Math.sin(a);
  const y = c.y + dx * Math.sin(a) + dy * Math.cos(a);
  const s = p.shape;
  if (s.kind === 'point') return Math.hypot(x - s.x, y - s.y) <= pointRadius;
  if (s.kind === 'rect') return x >= s.x && x <= s.x + s.width && y >= s.y && y <= s.y + s.height;
  let inside = false;
  for (let i = 0, j = s.points.length - 1; i < s.points.length; j = i++) {
    const pi = s.points[i] as MapPoint;
    const pj = s.points[j] as MapPoint;
    if (pi.y > y !== pj.y > y && x < ((pj.x - pi.x) * (y - pi.y)) / (pj.y - pi.y) + pi.x) inside = !inside;
  }
  return inside;
}

// The placed shape under a point of the image: the topmost, which is the one drawn last.
export function placementAt(placements: readonly FloorMapPlacement[], at: MapPoint, pointRadius: number): FloorMapPlacement | undefined {
  for (let i = placements.length - 1; i >= 0; i -= 1) {
    const p = placements[i] as FloorMapPlacement;
    if (shapeHit(p, at, pointRadius)) return p;
  }
  return undefined;
}
