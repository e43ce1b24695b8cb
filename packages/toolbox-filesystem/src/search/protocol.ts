/** One match: `file` (absolute path), `line_number` (1-based, a STRING as in OVOS) and `line`. */
export interface SearchMatchValue {
  /** Absolute path of the file. */
  file: string;
  /** 1-based line number, as a string (OVOS). */
  line_number: string;
  /** The matching line (cut at `max_line_chars`). */
  line: string;
}

/**
 * What the main thread asks a search worker to do: read `files` (real paths already checked to lie inside
 * `realRoots`, in visiting order) and return the lines matching `source`/`flags`, within the limits.
 */
export interface SearchRequest {
  /** Candidate files: real paths, containment-checked on the main thread, sorted. */
  files: string[];
  /** Real paths of the sandbox roots; every descriptor is verified against them again after opening. */
  realRoots: string[];
  /** `RegExp` source, already translated from Python syntax and known to compile. */
  source: string;
  /** `RegExp` flags (a subset of `ims`). */
  flags: string;
  /** `max_search_files`. */
  maxSearchFiles: number;
  /** `max_search_bytes`. */
  maxSearchBytes: number;
  /** `max_search_file_bytes`. */
  maxSearchFileBytes: number;
  /** `max_matches`. */
  maxMatches: number;
  /** `max_line_chars`. */
  maxLineChars: number;
}

/** The result of a completed search: the matches plus the counters `search_in_files` reports. */
export interface SearchReport {
  /** The matches, in file and line order. */
  matches: SearchMatchValue[];
  /** Whether a files/bytes/matches limit stopped the search early. */
  truncated: boolean;
  /** Text files whose lines were searched. */
  searched: number;
  /** Files skipped as binary, too large or unreadable. */
  skipped: number;
}
