import type { Page } from '@playwright/test';

/**
 * What a screenshot (of a stimulus, an icon) holds: the share of its pixels whose grey level differs from the most
 * common one by more than 24 levels (its strokes), and the most common colour (its backdrop), as RGB.
 */
export async function drawnPixels(page: Page, png: Buffer): Promise<{ strokes: number; backdrop: number[] }> {
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    const counts = new Array<number>(256).fill(0);
    const colours = new Map<number, number>();
    const greys: number[] = [];
    for (let i = 0; i < data.length; i += 4) {
      const grey = Math.round(0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!);
      counts[grey]! += 1;
      greys.push(grey);
      const rgb = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
      colours.set(rgb, (colours.get(rgb) ?? 0) + 1);
    }
    const mode = counts.indexOf(Math.max(...counts));
    const [backdrop] = [...colours.entries()].reduce((a, b) => (b[1] > a[1] ? b : a));
    return {
      strokes: greys.filter((g) => Math.abs(g - mode) > 24).length / greys.length,
      backdrop: [(backdrop >> 16) & 255, (backdrop >> 8) & 255, backdrop & 255],
    };
  }, png.toString('base64'));
}
