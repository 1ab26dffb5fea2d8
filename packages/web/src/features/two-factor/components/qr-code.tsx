import { useMemo } from 'react';
import { encode } from 'uqr';

type QrCodeProps = { value: string; size?: number; label: string };

/** A QR code drawn in the page (SVG) from `value`: nothing leaves the browser to draw it. */
export const QrCode = ({ value, size = 192, label }: QrCodeProps) => {
  const { data, size: modules } = useMemo(() => encode(value, { border: 2 }), [value]);
  const path = useMemo(
    () =>
      data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join(''),
    [data],
  );
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      style={{ background: '#fff', borderRadius: 4 }}
    >
      <path d={path} fill="#000" />
    </svg>
  );
};
