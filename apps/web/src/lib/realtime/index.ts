export * from './tests-socket';
export * from './sockets-slice';
export * from './use-tests-link';
export { useTestsSocket } from './use-tests-socket';
