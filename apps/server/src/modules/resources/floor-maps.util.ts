import { FILE_SIZE_LIMITS, type FloorMapImage, type FloorMapPlacement, type MapShape } from '@atrium/domain';
import { imageDimensions } from '../../platform/blobs/image.util';

// the largest side of a plan image, in pixels (a plan is drawn on a canvas of this size)
export const MAX_PLAN_SIDE = 16_384;

export type SniffedPlan = { ok: true; image: FloorMapImage } | { ok: false; message: string };

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function utf8(data: Buffer): string | undefined {
  if (data.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return undefined;
  }
}

const number = (v: string | undefined): number | undefined => {
  const m = v?.trim().match(/^(\d+(?:\.\d+)?)(px)?$/);
  return m ? Number(m[1]) : undefined;
};

// An SVG plan: its root element, its size from width/height or the viewBox, and nothing that
// could run (scripts, event handlers, javascript: links, embedded HTML, entity declarations).
// The image is also served with a sandboxing policy and drawn as an image, where SVG never
// runs script; refusing such files says so to whoever uploads one rather than hiding it.
function sniffSvg(text: string, size: number): SniffedPlan {
  const body = text
    .replace(/^\uFEFF/, '')
    .replace(/<\?xml[\s\S]*?\?>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .trimStart();
  if (/<!(DOCTYPE|ENTITY)/i.test(body)) return { ok: false, message: 'SVG plans may not declare a DOCTYPE or entities' };
  const root = body.match(/^<svg\b([^>]*)>/i);
  if (!root) return { ok: false, message: 'The file is not a PNG, JPEG or SVG image' };
  if (/<script\b|<foreignObject\b|\son[a-z]+\s*=|javascript:/i.test(body))
    return { ok: false, message: 'SVG plans may not contain scripts, event handlers or embedded HTML' };
  const attrs = root[1] ?? '';
  const attr = (name: string) => attrs.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i'))?.[1];
  const viewBox = attr('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const width = number(attr('width')) ?? viewBox?.[2];
  const height = number(attr('height')) ?? viewBox?.[3];
  if (!width || !height || !Number.isFinite(width) || !Number.isFinite(height))
    return { ok: false, message: 'An SVG plan needs a width and height in pixels or a viewBox' };
  return { ok: true, image: { contentType: 'image/svg+xml', width: Math.round(width), height: Math.round(height), size } };
}

// The plan image's type decided by its bytes (spec §5 image type rule), never by its name.
export function sniffPlanImage(data: Buffer): SniffedPlan {
  const size = data.length;
  let sniffed: SniffedPlan;
  if (data.subarray(0, 8).equals(PNG) || (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff)) {
    const contentType = data[0] === 0xff ? 'image/jpeg' : 'image/png';
    const dims = imageDimensions(data, contentType);
    sniffed =
      dims && dims.width > 0 && dims.height > 0
        ? { ok: true, image: { contentType, width: dims.width, height: dims.height, size } }
        : { ok: false, message: 'The image is damaged: its size cannot be read' };
  } else if (data.subarray(0, 5).toString('latin1') === '%PDF-') {
    sniffed = {
      ok: false,
      message:
        'A PDF is not stored as a plan: the web app turns its first page into a PNG and uploads that; here, upload the page as a PNG, JPEG or SVG image',
    };
  } else {
    const text = utf8(data);
    sniffed = text === undefined ? { ok: false, message: 'The file is not a PNG, JPEG or SVG image' } : sniffSvg(text, size);
  }
  if (sniffed.ok && (sniffed.image.width > MAX_PLAN_SIDE || sniffed.image.height > MAX_PLAN_SIDE))
    return { ok: false, message: `A plan may be at most ${MAX_PLAN_SIDE} pixels wide and high` };
  return sniffed;
}

export const PLAN_IMAGE_LIMIT = FILE_SIZE_LIMITS.image;

// A new plan of another size keeps the resources where they were on the floor: every shape is
// scaled with the image.
export function scalePlacements(placements: readonly FloorMapPlacement[], sx: number, sy: number): FloorMapPlacement[] {
  const scale = (s: MapShape): MapShape =>
    s.kind === 'point'
      ? { ...s, x: s.x * sx, y: s.y * sy }
      : s.kind === 'rect'
        ? { ...s, x: s.x * sx, y: s.y * sy, width: s.width * sx, height: s.height * sy }
        : { ...s, points: s.points.map((p) => ({ x: p.x * sx, y: p.y * sy })) };
  return placements.map((p) => ({ ...p, shape: scale(p.shape) }));
}
