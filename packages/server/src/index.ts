export { buildServer, type ServerDeps } from './app.ts';
export { loadConfig, type ServerConfig } from './config.ts';
export { openEventBus, type BrokerNotifier, type BrokerOptions } from './event-bus/index.ts';
