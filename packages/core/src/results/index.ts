export * from './notation';
export * from './repeatability';
export * from './summary';
export * from './acuity-measure';
export * from './eye-outcome';
export * from './csv';
export * from './export';
export * from './acuity-change';
