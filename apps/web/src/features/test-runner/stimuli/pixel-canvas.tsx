import { useEffect, useRef } from 'react';

/** Fills an RGBA buffer of width × height device pixels (core's fillGrating, fillSpokeWheel, …). */
export type PixelPainter = (buffer: Uint8ClampedArray, width: number, height: number) => void;

export interface PixelCanvasProps {
  /** CSS size of the square canvas. */
  readonly sizePx: number;
  /** Device px per CSS px; the canvas holds one pixel per device pixel so nothing is rescaled. */
  readonly devicePixelRatio: number;
  /** Paints the pixels; a new function (e.g. other contrast) repaints. */
  readonly paint: PixelPainter;
  readonly label: string;
  readonly testId?: string;
  readonly round?: boolean;
}

/** The canvas size in device pixels for a CSS size: round(size × devicePixelRatio), at least 1. */
export function devicePixels(sizePx: number, devicePixelRatio: number): number {
  if (!(sizePx > 0) || !Number.isFinite(sizePx)) throw new RangeError(`size must be > 0 px, got ${sizePx}`);
  if (!(devicePixelRatio > 0) || !Number.isFinite(devicePixelRatio))
    throw new RangeError(`devicePixelRatio must be > 0, got ${devicePixelRatio}`);
  return Math.max(1, Math.round(sizePx * devicePixelRatio));
}

/**
 * A square canvas painted pixel by pixel from a core pixel function, at device-pixel resolution (canvas
 * width = sizePx × devicePixelRatio, CSS size sizePx) so a period of a few pixels is not blurred by scaling.
 */
export function PixelCanvas({ sizePx, devicePixelRatio, paint, label, testId, round }: PixelCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const device = devicePixels(sizePx, devicePixelRatio);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const image = context.createImageData(device, device);
    paint(image.data, device, device);
    context.putImageData(image, 0, 0);
  }, [device, paint]);
  return (
    <canvas
      ref={canvas}
      width={device}
      height={device}
      role="img"
      aria-label={label}
      data-testid={testId}
      style={{
        width: `${device / devicePixelRatio}px`,
        height: `${device / devicePixelRatio}px`,
        display: 'block',
        borderRadius: round ? '50%' : undefined,
      }}
    />
  );
}

/** `window.devicePixelRatio`, or 1 where there is no window. */
export function currentDevicePixelRatio(): number {
  return typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
}
