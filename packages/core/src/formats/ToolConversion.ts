import type { FormatNote } from './FormatNote.js';
import type { ToolFormat } from './ToolFormat.js';

/**
 * The outcome of converting one tool to a vendor format: the vendor's definition and the {@link FormatNote}s of
 * what could not be carried over as it was, or an error saying why the tool cannot be offered in that format at all
 * (e.g. an argument schema that is not an object).
 */
export type ToolConversion<D = unknown> =
  | {
      /** Converted. */
      ok: true;
      /** The format converted to. */
      format: ToolFormat;
      /** The name the vendor sees (see `vendorToolName`); map it back with `VendorNameIndex`. */
      name: string;
      /** The vendor's tool definition, ready to send. */
      definition: D;
      /** What was dropped, relaxed, rewritten, narrowed or renamed (`[]` when the conversion is lossless). */
      notes: FormatNote[];
    }
  | {
      /** Not expressible in this format. */
      ok: false;
      /** The format asked for. */
      format: ToolFormat;
      /** The name the vendor would have seen. */
      name: string;
      /** What cannot be expressed and why, e.g. `tool 'x' cannot be offered as gemini: ...`. */
      error: string;
      /** What had been changed before the conversion gave up. */
      notes: FormatNote[];
    };
