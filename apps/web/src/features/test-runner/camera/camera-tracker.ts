/*
 * The camera tracker (issue 18, docs/adr/0018): face-api's tiny face detector and 68-point landmarks on
 * the camera's video, a few times a second, on this device. Loaded only by a dynamic import (its own
 * chunk with TensorFlow.js, ≈ 1.3 MB): never part of the landing, login or phone pages. The models are
 * files of the app's own build (Vite `?url`), fetched from the app's origin; nothing goes to a CDN or a
 * model hub, and no frame leaves the browser.
 */
import * as faceapi from '@vladmandic/face-api';
import detectorManifest from '@vladmandic/face-api/model/tiny_face_detector_model-weights_manifest.json';
import detectorWeights from '@vladmandic/face-api/model/tiny_face_detector_model.bin?url';
import landmarksManifest from '@vladmandic/face-api/model/face_landmark_68_tiny_model-weights_manifest.json';
import landmarksWeights from '@vladmandic/face-api/model/face_landmark_68_tiny_model.bin?url';
import { eyeSpanFrom68 } from '@visus/core';

/** One frame's measurement: the eye span and turn (core `eyeSpanFrom68`), or no face. */
export type TrackerFrame = { spanPx: number; turn: number; imageWidth: number } | { noFace: true };

export type TrackerFailure = 'no-camera' | 'refused' | 'failed';

export class TrackerError extends Error {
  constructor(
    readonly reason: TrackerFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface Tracker {
  stop(): void;
}

/** Time between two detections: ≈ 3 readings a second, light enough to run beside a test. */
const INTERVAL_MS = 300;
const DETECTOR = new faceapi.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: 0.3 });

type Manifest = { paths: string[]; weights: Parameters<typeof faceapi.tf.io.decodeWeights>[1] }[];

async function loadNet(
  net: { loadFromWeightMap(map: faceapi.tf.NamedTensorMap): void },
  manifest: Manifest,
  url: string,
) {
  const response = await fetch(url);
  if (!response.ok) throw new TrackerError('failed', `model ${url}: HTTP ${response.status}`);
  const buffer = await response.arrayBuffer();
  net.loadFromWeightMap(
    faceapi.tf.io.decodeWeights(
      buffer,
      manifest.flatMap((group) => group.weights),
    ),
  );
}

/** The backend calls of the TensorFlow.js face-api bundles (its typings leave them out). */
const tf = faceapi.tf as unknown as {
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
};

let models: Promise<void> | null = null;
function loadModels(): Promise<void> {
  models ??= (async () => {
    // WebGL where the browser has it (no WebAssembly: the CSP stays 'self'), else the CPU.
    if (!(await tf.setBackend('webgl').catch(() => false))) await tf.setBackend('cpu');
    await tf.ready();
    await loadNet(faceapi.nets.tinyFaceDetector, detectorManifest as Manifest, detectorWeights);
    await loadNet(faceapi.nets.faceLandmark68TinyNet, landmarksManifest as Manifest, landmarksWeights);
  })();
  models.catch(() => {
    models = null;
  });
  return models;
}

async function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new TrackerError('no-camera', 'no camera API');
  try {
    return await navigator.mediaDevices.getUserMedia({
      video: { width: { ideal: 640 }, height: { ideal: 480 }, facingMode: 'user' },
      audio: false,
    });
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    if (name === 'NotAllowedError' || name === 'SecurityError')
      throw new TrackerError('refused', 'camera permission refused');
    if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError')
      throw new TrackerError('no-camera', `no usable camera (${name})`);
    throw new TrackerError('failed', String(error));
  }
}

/**
 * Opens the camera, loads the models and calls `onFrame` about every {@link INTERVAL_MS} until stopped.
 * @throws TrackerError 'refused' (permission), 'no-camera' or 'failed' (models or video)
 */
export async function startTracker(onFrame: (frame: TrackerFrame) => void): Promise<Tracker> {
  const stream = await openCamera();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    for (const track of stream.getTracks()) track.stop();
  };
  try {
    await loadModels();
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    await video.play();
    const tick = async () => {
      if (stopped) return;
      if (video.videoWidth > 0) {
        const found = await faceapi.detectSingleFace(video, DETECTOR).withFaceLandmarks(true);
        if (stopped) return;
        onFrame(
          found
            ? { ...eyeSpanFrom68(found.landmarks.positions), imageWidth: video.videoWidth }
            : { noFace: true },
        );
      }
      timer = setTimeout(() => void tick().catch(stop), INTERVAL_MS);
    };
    void tick().catch(stop);
    return { stop };
  } catch (error) {
    stop();
    throw error instanceof TrackerError ? error : new TrackerError('failed', String(error));
  }
}
