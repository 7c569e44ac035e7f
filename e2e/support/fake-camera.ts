import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type LaunchOptions } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

/*
 * A fake camera for Chromium (issue 18): a Y4M file made from a real face photo, which Chromium plays in
 * a loop as the camera (`--use-fake-device-for-media-stream --use-file-for-fake-video-capture`). The
 * photo is face-api's demo/sample1.jpg (MIT-licensed npm package, already a dependency of the web app).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PHOTO = path.join(root, 'node_modules/@vladmandic/face-api/demo/sample1.jpg');
const WIDTH = 640;
const HEIGHT = 480;

/**
 * Writes a one-frame 640 × 480 Y4M (4:2:0, BT.601 full range as `C420jpeg`) of the photo, drawn by
 * Chromium itself (no image library needed), and returns its path.
 */
export async function fakeCameraFile(): Promise<string> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  try {
    const page = await browser.newPage();
    const dataUrl = `data:image/jpeg;base64,${fs.readFileSync(PHOTO).toString('base64')}`;
    const rgba = await page.evaluate(
      async ({ src, width, height }) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        const ctx = canvas.getContext('2d')!;
        // Cover the frame, centred.
        const k = Math.max(width / img.naturalWidth, height / img.naturalHeight);
        const w = img.naturalWidth * k;
        const h = img.naturalHeight * k;
        ctx.drawImage(img, (width - w) / 2, (height - h) / 2, w, h);
        return Array.from(ctx.getImageData(0, 0, width, height).data);
      },
      { src: dataUrl, width: WIDTH, height: HEIGHT },
    );
    const y = Buffer.alloc(WIDTH * HEIGHT);
    const u = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
    const v = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
    const at = (x: number, row: number) => (row * WIDTH + x) * 4;
    for (let row = 0; row < HEIGHT; row++) {
      for (let x = 0; x < WIDTH; x++) {
        const i = at(x, row);
        y[row * WIDTH + x] = Math.round(0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!);
      }
    }
    for (let row = 0; row < HEIGHT; row += 2) {
      for (let x = 0; x < WIDTH; x += 2) {
        const i = at(x, row);
        const [r, g, b] = [rgba[i]!, rgba[i + 1]!, rgba[i + 2]!];
        const j = (row / 2) * (WIDTH / 2) + x / 2;
        u[j] = Math.max(0, Math.min(255, Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)));
        v[j] = Math.max(0, Math.min(255, Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)));
      }
    }
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'visus-camera-')), 'face.y4m');
    const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\nFRAME\n`);
    fs.writeFileSync(file, Buffer.concat([header, y, u, v]));
    return file;
  } finally {
    await browser.close();
  }
}

/** Chromium with the fake camera playing `file`; `allowed` grants the permission without asking. */
export function browserWithCamera(file: string, allowed: boolean): Promise<Browser> {
  const options: LaunchOptions = {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${file}`,
      ...(allowed ? ['--use-fake-ui-for-media-stream'] : []),
    ],
  };
  return chromium.launch(options);
}
