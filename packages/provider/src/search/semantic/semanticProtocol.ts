/** What the provider gives its search worker at start. */
export interface SemanticWorkerInit {
  /** The ranker package's module (absolute path) and the export holding its `SearchRanker`. */
  modulePath: string;
  exportName: string;
  /** The compute backend asked of the ranker (`cpu`, `wasm`), or none for its default. */
  backend?: string;
  /** The folder of the vector cache files. */
  cacheDir: string;
  /** Query answers: an Int32 header (answered sequence number, status 1 ok / 2 failed), then the vector (floats from byte 8). */
  shared: SharedArrayBuffer;
}

/** The most dimensions a ranker's vectors may have (sizes the shared query buffer). */
export const MAX_DIMENSIONS = 4096;
/** Bytes of the shared buffer's header before the query vector. */
export const SHARED_HEADER_BYTES = 8;
/** Header slots: the sequence number of the last query answered, and its status. */
export const ANSWERED_SEQ = 0;
export const ANSWER_STATUS = 1;
/** Answer statuses. */
export const STATUS_OK = 1;
export const STATUS_FAILED = 2;

/** Provider → worker. */
export type ToSemanticWorker =
  | {
      /** Vectors for tool texts (answered with `vectors`). */
      type: 'texts';
      id: number;
      texts: string[];
    }
  | {
      /** A request's vector, answered in the shared buffer under `seq`. */
      type: 'query';
      seq: number;
      text: string;
    };

/** Worker → provider. */
export type FromSemanticWorker =
  | { type: 'ready'; modelId: string; dimensions: number; languages: string[]; loadMs: number; cached: number }
  | { type: 'vectors'; id: number; texts: string[]; vectors: Float32Array; fromCache: number; ms: number }
  | { type: 'log'; level: 'info' | 'warn'; message: string }
  | { type: 'fatal'; error: string };
