/**
 * @ovos-tools/toolbox-filesystem — the OVOS `ovos-filesystem-tools` toolbox: read, write, list, search and
 * find files inside one or more sandbox roots.
 */
export { FileSystemToolBox } from './FileSystemToolBox.js';
export { ReadFileArgs, ReadFileOutput } from './tools/readFile.js';
export { WRITE_FILE_CONFIRMATION, WriteFileArgs, WriteFileOutput } from './tools/writeFile.js';
export { ListDirectoryArgs, ListDirectoryOutput } from './tools/listDirectory.js';
export { SearchInFilesArgs, SearchInFilesOutput } from './tools/searchInFiles.js';
export { FindFilesArgs, FindFilesOutput } from './tools/findFiles.js';
export type { FileSystemConfig } from './config.js';
export type { Access, Refused, Resolved, Sandbox } from './sandbox/Sandbox.js';
export type { PathProtection, PathProtectionOptions, ProtectionCheck } from './sandbox/protectedPaths.js';
