export { startHttpServer, HttpServerConfigError } from './startHttpServer.js';
export { startHttpFromSettings } from './startHttpFromSettings.js';
export type { HttpServerHandle, HttpServerOptions } from './startHttpServer.js';
export { isLoopbackHost, parseHttpConfig, parseListen } from './HttpConfig.js';
export type { HttpConfig } from './HttpConfig.js';
export { pickTraceparent } from './traceparent.js';
export { toolView } from './toolView.js';
