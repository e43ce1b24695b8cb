/**
 * @ovos-tools/toolbox-http — tools declared in a YAML/JSON file in the toolcore format (`executor: http`),
 * served by the provider through the `ovos-tools.hosts` entry point `ovos-http-tools`.
 */
export { httpHostSource, parseHttpToolsConfig } from './httpHostSource.js';
export type { HttpToolsConfig } from './httpHostSource.js';
export { HttpToolsHost } from './HttpToolsHost.js';
export type { HttpToolDescriptor, HttpToolsNetOptions } from './HttpToolsHost.js';
export { parseHttpToolsFile } from './httpToolsFile.js';
export type { HttpToolSpec } from './httpToolsFile.js';
