import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { TestId } from '@visus/core';
import type { TestPanelProps } from './panel-types';

type Panel = LazyExoticComponent<ComponentType<TestPanelProps>>;

/** A panel whose code downloads when its test first runs. */
function lazyPanel<K extends string>(load: () => Promise<Record<K, ComponentType<TestPanelProps>>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const acuity = lazyPanel(() => import('./acuity-panel'), 'AcuityPanel');

/** The panel that runs each test while the flow is InTest (the screen owns the flow around it). */
export const TEST_PANELS: Readonly<Record<TestId, Panel>> = {
  sloan: acuity,
  landoltC: acuity,
  tumblingE: acuity,
  duoChrome: lazyPanel(() => import('./duochrome-panel'), 'DuochromePanel'),
  astigAxis: lazyPanel(() => import('./astig-axis-panel'), 'AstigAxisPanel'),
  astigPower: lazyPanel(() => import('./astig-power-panel'), 'AstigPowerPanel'),
  spokeCircle: lazyPanel(() => import('./spoke-circle-panel'), 'SpokeCirclePanel'),
  spokeEllipse: lazyPanel(() => import('./spoke-ellipse-panel'), 'SpokeEllipsePanel'),
  diamond: lazyPanel(() => import('./diamond-panel'), 'DiamondPanel'),
  presbyopia: lazyPanel(() => import('./presbyopia-panel'), 'PresbyopiaPanel'),
};
