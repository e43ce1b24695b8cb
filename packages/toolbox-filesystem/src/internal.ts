/**
 * Everything the package's modules export for its own tests (not a public entry: package.json `exports` names only
 * `.`, which exports the toolbox class and its tools' schemas).
 */
export { FileSystemToolBox } from './FileSystemToolBox.js';
export { DEFAULT_LIMITS, FileSystemConfigError, MAX_TIMEOUT_MS, parseFileSystemConfig } from './config.js';
export type { FileSystemConfig } from './config.js';
export { Messages } from './messages.js';
export { Sandbox } from './sandbox/Sandbox.js';
export type { Access, Refused, Resolved } from './sandbox/Sandbox.js';
export {
  defaultProtectedPaths,
  PathProtection,
  PROTECTED_DIR_NAMES,
  PROTECTED_EXTENSIONS,
  PROTECTED_FILE_NAMES,
} from './sandbox/protectedPaths.js';
export type { PathProtectionOptions, ProtectionCheck } from './sandbox/protectedPaths.js';
export { isInside } from '@ovos-tools/core/node'; // the kit's, kept here for compatibility
export { ReadFileArgs, ReadFileOutput } from './tools/readFile.js';
export { WriteFileArgs, WriteFileOutput, writeFileDescription } from './tools/writeFile.js';
export { ListDirectoryArgs, ListDirectoryOutput } from './tools/listDirectory.js';
export { SearchInFilesArgs, SearchInFilesOutput, SearchMatch } from './tools/searchInFiles.js';
export { FindFilesArgs, FindFilesOutput } from './tools/findFiles.js';
export { createSearchPool } from './search/searchPool.js';
export type { SearchPoolOptions } from './search/searchPool.js';
export type { SearchMatchValue, SearchReport, SearchRequest } from './search/protocol.js';
