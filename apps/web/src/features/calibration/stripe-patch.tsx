import { useEffect, useRef } from 'react';
import { useT } from '@/lib/i18n/i18n';

/**
 * Alternating black and white rows one device pixel high: their mean luminance is half of white
 * (STIMULI.md). The canvas has one pixel per device pixel so no scaling blurs the rows into grey.
 */
export function StripePatch({ sizePx, devicePixelRatio }: { sizePx: number; devicePixelRatio: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const t = useT();
  const device = Math.round(sizePx * devicePixelRatio);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    context.fillStyle = '#000';
    context.fillRect(0, 0, device, device);
    context.fillStyle = '#fff';
    for (let y = 0; y < device; y += 2) context.fillRect(0, y, device, 1);
  }, [device]);
  return (
    <canvas
      ref={canvas}
      width={device}
      height={device}
      role="img"
      aria-label={t('gamma.stripes')}
      style={{
        width: `${device / devicePixelRatio}px`,
        height: `${device / devicePixelRatio}px`,
        display: 'block',
      }}
    />
  );
}
