import type { ToolboxDescription } from '@ovos-tools/core';
import { ToolboxLoadError, type LoadPhase } from '../loading/ToolboxLoadError.js';
import type { HostChannel } from './channels.js';
import type { IsolatedHostOptions } from './IsolatedHostOptions.js';
import { isFromHost } from './protocol.js';

/** Starts a runtime and waits for `ready`, `failed`, its exit, or the handshake timeout. */
export function launchRuntime(options: IsolatedHostOptions): Promise<{ channel: HostChannel; description: ToolboxDescription }> {
  const { init } = options;
  const fail = (phase: LoadPhase, detail: string) => new ToolboxLoadError(init.entryPointName, init.packageName, phase, detail);
  return new Promise((resolve, reject) => {
    let channel: HostChannel;
    try {
      channel = options.startChannel();
    } catch (err) {
      reject(fail('import', `its ${options.kind} could not start: ${err instanceof Error ? err.message : String(err)}`));
      return;
    }
    let done = false;
    /** `clean`: the runtime reported the failure itself and is fine (a shared worker keeps serving its other toolboxes). */
    const finish = (error: ToolboxLoadError | undefined, description?: ToolboxDescription, clean = false) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (error) {
        void (clean && channel.release ? channel.release() : channel.terminate());
        reject(error);
      } else resolve({ channel, description: description! });
    };
    const timer = setTimeout(
      () => finish(fail('import', `its ${options.kind} did not announce its tools within ${options.handshakeTimeoutMs} ms (import_timeout_ms)`)),
      options.handshakeTimeoutMs,
    );
    channel.onMessage((raw) => {
      if (done) return;
      if (!isFromHost(raw)) return finish(fail('import', `its ${options.kind} sent a message that is not part of the host protocol`));
      if (raw.t === 'ready') finish(undefined, { toolboxId: raw.toolboxId, tools: raw.tools });
      else if (raw.t === 'failed') finish(new ToolboxLoadError(init.entryPointName, init.packageName, raw.phase as LoadPhase, raw.error.replace(/^toolbox "[^"]*" \([^)]*\) failed to [a-z ]+: /, '')), undefined, true);
      else if (raw.t === 'log') options.logger[raw.level](raw.message);
    });
    channel.onExit((reason) => finish(fail('import', `its ${options.kind} stopped before announcing its tools: ${reason}`)));
  });
}
