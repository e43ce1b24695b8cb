/**
 * @ovos-tools/messagebus — an OVOS-compatible websocket messagebus: an embedded server (ovos-messagebus
 * semantics: greeting, relay to every client including the sender, frame-size cap) and a reconnecting client that
 * implements `@ovos-tools/core`'s `Bus`. Depends only on core and `ws`; knows nothing about tools. The
 * `ovos-messagebus` command's functions are on the `@ovos-tools/messagebus/cli` subpath.
 */
export { MessageBusServer, CONNECTED_GREETING } from './server/MessageBusServer.js';
export { DEFAULT_MAX_BUFFERED_BYTES } from './server/MessageBusServerOptions.js';
export type { MessageBusServerOptions } from './server/MessageBusServerOptions.js';
export { InProcessBusClient } from './server/InProcessBusClient.js';
export type { DetachReason, InProcessBusClientOptions } from './server/InProcessBusClient.js';
export type { InProcessHub } from './server/InProcessBusClient.js';
export type { LargeFrame } from './server/LargeFrameGate.js';
export { checkUpgrade } from './server/checkUpgrade.js';
export type { UpgradeAcceptance, UpgradeDecision, UpgradePolicy, UpgradeRejection } from './server/checkUpgrade.js';
export { AUTH_FRAME_TYPE, BUS_SECRET_ENV } from './server/sharedSecret.js';
export { AUTH_CLOSE_CODE } from './server/awaitAuthFrame.js';
export { MessageBusClient } from './client/MessageBusClient.js';
export type { ConnectionEvents, ConnectionListener } from './client/ConnectionEvents.js';
export type { MessageBusClientOptions } from './client/MessageBusClientOptions.js';
export { MessageBusRefusedError } from './client/MessageBusRefusedError.js';
export { DEFAULT_RECONNECT } from './client/backoff.js';
export type { ReconnectOptions } from './client/backoff.js';
export { isMessageBusReachable } from './client/isMessageBusReachable.js';
export type { ReachabilityOptions } from './client/isMessageBusReachable.js';
export { busUrl, DEFAULT_MESSAGEBUS_CONFIG } from './config/MessageBusConfig.js';
export type { MessageBusConfig } from './config/MessageBusConfig.js';
export { isLoopbackHost } from './config/isLoopbackHost.js';
export { defaultMycroftConfPaths, loadMessageBusConfig } from './config/loadMessageBusConfig.js';
export type { LoadMessageBusConfigOptions } from './config/loadMessageBusConfig.js';
// core's names that this package's client API speaks in, so users of the clients need no second import
export { REQUEST_ID_KEY, ResponseTimeoutError } from '@ovos-tools/core';
export type { WaitForResponseOptions } from '@ovos-tools/core';
