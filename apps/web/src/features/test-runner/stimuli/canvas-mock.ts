import { vi } from 'vitest';

/** What a mocked 2D context was asked to draw: one entry per putImageData call, with its canvas. */
export interface PaintedImage {
  readonly canvas: HTMLCanvasElement;
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

/**
 * jsdom has no canvas: replaces getContext with a context that records the pixels put into each canvas,
 * so tests check what core's pixel functions painted.
 */
export function mockCanvas(): PaintedImage[] {
  const painted: PaintedImage[] = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return {
      createImageData: (width: number, height: number) => ({
        width,
        height,
        data: new Uint8ClampedArray(width * height * 4),
      }),
      putImageData: (image: { width: number; height: number; data: Uint8ClampedArray }) => {
        painted.push({ canvas: this, width: image.width, height: image.height, data: image.data });
      },
    } as unknown as CanvasRenderingContext2D;
  } as unknown as HTMLCanvasElement['getContext']);
  return painted;
}

/** The grey level at (x, y) of a painted image. */
export function pixel(image: PaintedImage, x: number, y: number): number {
  return image.data[(y * image.width + x) * 4]!;
}
