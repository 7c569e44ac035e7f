export * from './tests-socket';
export * from './sockets-slice';
export * from './use-tests-socket';
