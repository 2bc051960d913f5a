export { buildServer, type ServerDeps } from './app.ts';
export { loadConfig, type ServerConfig } from './config.ts';
