import { checkInPath } from '@atrium/domain';
import { create } from 'qrcode';
import { useMemo } from 'react';

const QUIET = 2;

// A resource's check-in QR code (issue 22): the address of its check-in page on this server,
// drawn as one SVG path (sharp when printed at any size), named by the resource for screen readers.
export function ResourceQrCode({ resourceId, title, size = 160 }: { resourceId: string; title: string; size?: number }) {
  const url = `${window.location.origin}${checkInPath(resourceId)}`;
  const { path, width } = useMemo(() => {
    const { modules } = create(url, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row++)
      for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) d += `M${col + QUIET} ${row + QUIET}h1v1h-1z`;
    return { path: d, width: modules.size + 2 * QUIET };
  }, [url]);
  return (
    <svg
      role="img"
      aria-label={title}
      data-url={url}
      width={size}
      height={size}
      viewBox={`0 0 ${width} ${width}`}
      shapeRendering="crispEdges"
    >
      <rect width={width} height={width} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
