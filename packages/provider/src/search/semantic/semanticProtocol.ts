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

/** What the search worker's embedding helper (`embedHelper.ts`) is started with: the ranker to load, as the worker's. */
export type EmbedHelperInit = Pick<SemanticWorkerInit, 'modulePath' | 'exportName' | 'backend'>;

/**
 * Search worker → embedding helper: help embed one job's texts. The helper takes batches of `batch` positions from
 * the back of the shared list `claims` (see `claimTexts.ts`; the search worker takes from the front) until none is
 * left, answering each batch's vectors, then `done`.
 */
export interface ToEmbedHelper {
  /** Names the job in the answers. */
  id: number;
  /** The job's texts to embed, shortest first. */
  texts: string[];
  /** The shared list of positions of `texts` (a `BigInt64Array` of one word). */
  claims: SharedArrayBuffer;
  /** Texts per batch. */
  batch: number;
}

/**
 * Embedding helper → search worker: its model is loaded (`ready`), or could not be (`error` without an id); a batch's
 * vectors (positions `from` on, checked by the search worker); the job's last batch was answered (`done`); or why it
 * stopped helping with a job (`error` with its id; the batch it held is not answered).
 */
export type FromEmbedHelper = EmbedHelperReady | EmbedHelperLoadFailed | EmbedHelperVectors | EmbedHelperDone | EmbedHelperStopped;

/** The helper's model is loaded. */
export interface EmbedHelperReady {
  /** Always true. */
  ready: true;
}

/** The helper's model could not be loaded: it helps with nothing. */
export interface EmbedHelperLoadFailed {
  /** No job: the helper as a whole failed. */
  id?: undefined;
  /** Why. */
  error: string;
}

/** One batch's vectors. */
export interface EmbedHelperVectors {
  /** The job. */
  id: number;
  /** The position of the batch's first text in the job's list. */
  from: number;
  /** One vector per text of the batch, in order. */
  vectors: Float32Array[];
}

/** The helper took the job's last batch it could and answered it. */
export interface EmbedHelperDone {
  /** The job. */
  id: number;
  /** Always true. */
  done: true;
}

/** The helper stopped helping with a job; the batch it held is not answered. */
export interface EmbedHelperStopped {
  /** The job. */
  id: number;
  /** Why. */
  error: string;
}
