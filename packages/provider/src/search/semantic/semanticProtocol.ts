/** What the provider gives its search worker at start. */
export interface SemanticWorkerInit {
  /** The ranker package's module (absolute path). */
  modulePath: string;
  /** The export of that module holding its `SearchRanker`. */
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
      /** Names this request in its answer. */
      id: number;
      /** The tool texts to embed. */
      texts: string[];
    }
  | {
      /** A request's vector, answered in the shared buffer under `seq`. */
      type: 'query';
      /** The sequence number the answer carries in the shared buffer's header. */
      seq: number;
      /** The request as written. */
      text: string;
    };

/** Worker → provider. */
export type FromSemanticWorker =
  | {
      /** The model is loaded. */
      type: 'ready';
      /** Its id, dimensions and languages (the ranker's). */
      modelId: string;
      /** The length of its vectors. */
      dimensions: number;
      /** Its languages. */
      languages: string[];
      /** Time to import the package and load the model, ms. */
      loadMs: number;
      /** Vectors read from the cache file. */
      cached: number;
    }
  | {
      /** The answer to a `texts` request. */
      type: 'vectors';
      /** The request's id. */
      id: number;
      /** Its texts, in order. */
      texts: string[];
      /** Their vectors, one after another. */
      vectors: Float32Array;
      /** How many came from the cache. */
      fromCache: number;
      /** Time to answer, ms. */
      ms: number;
    }
  | {
      /** Something for the provider's log. */
      type: 'log';
      /** Its level. */
      level: 'info' | 'warn';
      /** The line. */
      message: string;
    }
  | {
      /** The worker cannot go on (the package cannot be imported, the model not loaded): it exits. */
      type: 'fatal';
      /** Why. */
      error: string;
    };
