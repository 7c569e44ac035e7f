export * from './notation';
export * from './repeatability';
export * from './summary';
export * from './export';
