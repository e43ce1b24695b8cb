import { CONFIRM_SECRET_ENV } from '../confirm/confirmSettings.js';
import type { ProviderSettings } from '../config/ProviderConfig.js';

/**
 * The warning a replica gives when its config shares state (`state.redis`) but no confirmation key, while some call
 * could need confirmation (`confirmation.tools`, `voice_bus`, a `voice` agent, an agent's own `confirm` rules): its
 * confirm tokens are then signed with a random key of its own, so every other replica refuses them ("was not issued
 * by this provider"). `undefined` when there is nothing to warn about.
 */
export function replicaSecretWarning(settings: ProviderSettings): string | undefined {
  if (!settings.state || settings.confirm.secret !== undefined) return undefined;
  const { confirm } = settings;
  const agents = settings.access.agents;
  const mayConfirm = confirm.tools.length > 0 || confirm.voiceBus || agents.some((a) => (a.voice === true && confirm.voiceTools.length > 0) || (a.confirm?.length ?? 0) > 0);
  if (!mayConfirm) return undefined;
  return (
    `confirmation: state.redis is set (replicas share state) but confirmation.secret is not: this replica signs confirm tokens ` +
    `with a random key of its own, so a token it issues is refused by every other replica ("not issued by this provider"). ` +
    `Give every replica the same confirmation.secret (or ${CONFIRM_SECRET_ENV}, at least 16 characters)`
  );
}
