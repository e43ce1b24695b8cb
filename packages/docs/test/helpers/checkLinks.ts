import { Writable } from 'node:stream';
import { remark } from 'remark';
import remarkValidateLinks from 'remark-validate-links';
import { engine, type Options } from 'unified-engine';

/** The repository on GitHub: links to its `blob/main/...` pages (package READMEs use them) are checked as local files. */
export const REPOSITORY = 'https://github.com/OpenVoiceOS/ovos-tools';

/** One link that does not resolve: the file, the line, and what remark-validate-links said. */
export interface LinkProblem {
  file: string;
  line: number;
  message: string;
}

/**
 * Checks every relative link and `#anchor` in `files` (paths relative to `root`) with remark-validate-links, offline:
 * links to files and folders that do not exist, headings that no page has, and line links are reported; external
 * URLs are not fetched. Links into {@link REPOSITORY} are checked against the tree at `root`.
 */
export function checkLinks(root: string, files: string[]): Promise<LinkProblem[]> {
  return new Promise((resolve, reject) => {
    engine(
      {
        processor: remark(),
        cwd: root,
        files,
        // the engine hands the plugin its file set, so links into other pages are checked against their headings
        plugins: [[remarkValidateLinks, { repository: REPOSITORY, root }]] as unknown as Options['plugins'],
        output: false,
        out: false,
        quiet: true,
        silentlyIgnore: true,
        streamError: new Writable({ write: (_c, _e, cb) => cb() }),
        ignoreName: '.remarkignore',
        detectConfig: false,
      },
      (error, _code, context) => {
        if (error) return reject(error);
        const problems: LinkProblem[] = [];
        for (const file of context?.files ?? []) {
          for (const m of file.messages) problems.push({ file: file.path, line: m.line ?? 0, message: m.reason });
        }
        resolve(problems);
      },
    );
  });
}
