import type { JsonObject, ToolFormat, ToolProgress } from '@ovos-tools/core';
import type { Caller } from './Caller.js';
import type { OutputTruncation } from './InvokeOutcome.js';

/** One invocation request, whatever transport it came in on. */
export interface InvokeRequest {
  /** The tool name, or its name in a vendor format (e.g. an OpenAI-safe mapped name; core `vendorToolName`). */
  name: string;
  /** The raw arguments; validated (and coerced) by the toolbox's host. `undefined` means `{}`. */
  args: unknown;
  /** Only a tool of this toolbox (the per-toolbox OVOS topics); otherwise the catalog's winner for `name`. */
  toolboxId?: string;
  /** The request's context (OVOS `context`, HTTP body `context`, MCP `_meta`), passed to the tool. */
  context?: JsonObject;
  /** The caller gives up (MCP cancellation, HTTP client gone): the tool's AbortSignal fires, the outcome is `aborted`. */
  signal?: AbortSignal;
  /** Receives the tool's progress reports. */
  onProgress?: (progress: ToolProgress) => void;
  /** Who is asking; default an unauthenticated `in-process` caller. */
  caller?: Caller;
  /**
   * The format the caller listed the tool in. `openai-strict`: the nulls strict mode sends for left-out optional
   * properties are removed before the arguments are validated (core `restoreStrictArguments`). Default `ovos`.
   */
  format?: ToolFormat;
  /**
   * The most characters of the result's JSON the caller wants (OVOS/HTTP `max_output_chars`, MCP `_meta`): an integer
   * from 106 (the `truncated` marker's own size) to 2^31 - 1, checked at run time before the tool runs (wire values
   * arrive unchecked). Absent: the agent's `max_output_chars`, else the provider's, else no limit. A longer result is
   * cut (JSON-aware, still valid against the output schema) and the outcome carries {@link OutputTruncation}.
   */
  maxOutputChars?: number;
  /**
   * The `confirm_token` of an earlier `confirmation_required` answer, sent once the user said yes: the call runs if it
   * is exactly the confirmed one (same caller, session, tool and arguments), once, before the token expires. Read
   * as sent on the wire (anything); a value that is not a token is refused `invalid_request`.
   */
  confirmToken?: unknown;
  /**
   * The caller's preferred languages, best first (HTTP `Accept-Language`, an MCP client's `_meta`): the language of
   * a confirmation question, after the request context's OVOS `lang` and `session.lang`. English when none matches.
   */
  languages?: readonly string[];
}
