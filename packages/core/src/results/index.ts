export * from './notation';
export * from './repeatability';
export * from './summary';
export * from './csv';
export * from './export';
export * from './acuity-change';
export * from './report';
export * from './calibration-snapshot';
